/**
 * Throughput under load, measured by a real load generator in a second process: autocannon (a
 * devDependency) spawned as a child with N kept-alive connections for a fixed time, on loopback. The
 * server under test runs in the bench's own process, so the generator never shares its event loop.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors and timeouts: any of them makes the run a crash. */
  non2xx: number;
  errors: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const AUTOCANNON = join(process.cwd(), 'node_modules', 'autocannon', 'autocannon.js');

/** `url`: one address, or several (autocannon spreads the connections over them in turn: one server process per port). */
export async function load(url: string | string[], options: LoadOptions): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '--connections', String(options.connections), '--duration', String(options.seconds), '--timeout', '20'];
  args.push('--method', options.method ?? 'GET');
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('--headers', `${name}=${value}`);
  if (options.body !== undefined) args.push('--body', options.body);
  args.push(...[url].flat());
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${stderr}`);
  const json = JSON.parse(stdout) as AutocannonJson;
  const result = {
    requests: json.requests.total,
    perSecond: json.requests.total / json.duration,
    p50: json.latency.p50,
    p99: json.latency.p99,
    non2xx: json.non2xx,
    errors: json.errors + json.timeouts,
  };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`load on ${options.method ?? 'GET'} ${url}: ${result.non2xx} answers not 2xx and ${result.errors} errors of ${result.requests}`);
  }
  return result;
}
