/**
 * The server the bench measures: the built site served by the built server, `node dist-server/main.mjs`
 * as `npm start` runs it (BENCH_SERVER=source: `node --import tsx src/server/main.ts` instead, as
 * `npm run dev`'s API and the API tests run it), on a free port with a temporary DATA_DIR, removed again
 * when it stops (on PGlite there, or on a PostgreSQL database the caller names).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPgliteFolder } from './pglite-template.ts';

export interface BenchServer {
  url: string;
  /** The server process (to sample its memory). */
  pid: number;
  /** Its DATA_DIR (the outbox is `outbox/` inside). */
  dataDir: string;
  stop(): Promise<void>;
}

/** How the bench starts the server: the bundle by default, the TypeScript sources with BENCH_SERVER=source. */
export const serverCommand: { label: string; args: string[] } =
  process.env.BENCH_SERVER === 'source'
    ? { label: 'node --import tsx src/server/main.ts', args: ['--import', 'tsx', 'src/server/main.ts'] }
    : { label: 'node dist-server/main.mjs', args: ['dist-server/main.mjs'] };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `databaseUrl`: a PostgreSQL database to run on (the caller made it and drops it); PGlite under DATA_DIR otherwise.
 * `requestLog`: log every request as `npm start` does (its standard output is read and thrown away, as a
 * log collector would read it); off by default. `env`: more settings for the server.
 */
export async function startBenchServer(options: { databaseUrl?: string; requestLog?: boolean; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ringbinder-bench-'));
  if (!options.databaseUrl) await seedPgliteFolder(join(dataDir, 'pglite'));
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...serverCommand.args], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: '',
      ...(options.requestLog ? {} : { REQUEST_LOG: '0' }),
      ...options.env,
    },
    stdio: ['ignore', options.requestLog ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode} before answering:\n${stderr}`);
    }
    const ready = await fetch(`${url}/api/v1/_build-info`).then((r) => r.ok, () => false);
    if (ready) return { url, pid: child.pid!, dataDir, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer at ${url} within 90 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Bytes a browser receives for one address: the body as sent (compressed when the server compresses) plus headers. */
export async function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0;
      // Status line and headers, as they travel (HTTP/1.1).
      bytes += `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length;
      for (let i = 0; i < res.rawHeaders.length; i += 2) bytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
      bytes += 2;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
