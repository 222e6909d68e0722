/**
 * The webhooks benchmark's receiver (tests/bench/webhooks.ts), in a process of its own as another system
 * would be: node:http on 127.0.0.1, answering 204 at once. Prints its address, then one line per request:
 * `<submission_id or -> <epoch ms with sub-ms precision>` (performance.timeOrigin + performance.now()).
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    let id = '-';
    try {
      id = JSON.parse(Buffer.concat(chunks).toString('utf8')).data?.submission_id ?? '-';
    } catch {
      // not ours
    }
    res.writeHead(204).end();
    process.stdout.write(`${id} ${at}\n`);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening http://127.0.0.1:${server.address().port}/hook\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
