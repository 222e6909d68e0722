/**
 * The floor of the upload bench (upload-memory.ts): a bare node:http server that pipes each request body
 * straight to a file under DATA_DIR and answers 204 — no multipart parsing, no checks, no database. What
 * any Node server that takes these bytes costs in memory on this machine. Run as a child process with
 * plain node, like the built server: `node tests/bench/minimal-upload-server.mjs` with PORT and DATA_DIR;
 * prints "ready".
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dataDir = process.env.DATA_DIR ?? '.';
let files = 0;
const server = createServer((req, res) => {
  pipeline(req, createWriteStream(join(dataDir, `upload-${files++}`))).then(
    () => res.writeHead(204).end(),
    () => res.destroy(),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
