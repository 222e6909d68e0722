/**
 * THE HTTP probes of the API benchmarks (search, result sheets): a call timed over one kept-alive
 * connection with the SQL statements it ran counted, rounds of every probe in turn after warm-up rounds,
 * and the table of p50/p95/p99/max beside `SELECT 1` (the first probe) and an HTTP call with no SQL (the
 * second), with each goal's verdict.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection.ts';
import type { TimedClient } from './http-timing.ts';
import { spreadOf } from './percentiles.ts';
import type { QueryCounter } from './query-counter.ts';

const ms = (value: number) => value.toFixed(2);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** `SELECT 1` through the server's own database handle: the floor of every other probe. */
export function select1Probe(db: Database): Probe {
  return {
    label: "SELECT 1 through the server's database handle",
    times: [],
    queries: [],
    run: async () => {
      const started = performance.now();
      await db.execute(sql`SELECT 1`);
      return performance.now() - started;
    },
  };
}

export interface Probe {
  label: string;
  goalMs?: number;
  run(): Promise<number>;
  times: number[];
  queries: number[];
  last?: { results: number; total: number; bytes: number };
}

export function httpProbe(client: TimedClient, label: string, path: string, token: string | undefined, goalMs?: number): Probe {
  const probe: Probe = {
    label,
    ...(goalMs === undefined ? {} : { goalMs }),
    times: [],
    queries: [],
    run: async () => {
      // PGlite runs in this process: a long statement blocks the event loop past the server's keep-alive
      // timeout, and the kept connection is closed under the next request — sent again once, on a new one.
      const answer = await client.get(path, token).catch((err: unknown) => {
        if ((err as { code?: string }).code !== 'ECONNRESET') throw err;
        return client.get(path, token);
      });
      if (answer.status !== 200) throw new Error(`${label}: GET ${path} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
      if (goalMs !== undefined) {
        const page = JSON.parse(answer.body.toString('utf8')) as { results: unknown[]; total: number };
        probe.last = { results: page.results.length, total: page.total, bytes: answer.wireBytes };
      }
      return answer.ms;
    },
  };
  return probe;
}

export async function measure(probes: Probe[], counter: QueryCounter, rounds: { warmup: number; samples: number }): Promise<void> {
  for (let round = 0; round < rounds.warmup; round++) for (const probe of probes) await probe.run();
  for (let round = 0; round < rounds.samples; round++) {
    for (const probe of probes) {
      const before = counter.count;
      probe.times.push(await probe.run());
      probe.queries.push(counter.count - before);
    }
  }
}

export function printTimes(probes: Probe[]): void {
  const spreads = probes.map((p) => spreadOf(p.times));
  const select1 = spreads[0]!;
  const http = spreads[1]!;
  const head = [
    pad('call', 58),
    padStart('SQL', 4),
    padStart('p50 ms', 8),
    padStart('p95 ms', 8),
    padStart('p99 ms', 8),
    padStart('max ms', 8),
    padStart('p95/SELECT 1', 13),
    padStart('p95/HTTP', 9),
    padStart('goal p95', 9),
    '  status',
  ].join(' ');
  console.log(head);
  console.log('-'.repeat(head.length));
  probes.forEach((probe, i) => {
    const s = spreads[i]!;
    const low = Math.min(...probe.queries);
    const high = Math.max(...probe.queries);
    console.log(
      [
        pad(probe.label, 58),
        padStart(low === high ? String(low) : `${low}–${high}`, 4),
        padStart(ms(s.p50), 8),
        padStart(ms(s.p95), 8),
        padStart(ms(s.p99), 8),
        padStart(ms(s.max), 8),
        padStart(`${(s.p95 / select1.p95).toFixed(1)}×`, 13),
        padStart(i === 0 ? '' : `${(s.p95 / http.p95).toFixed(1)}×`, 9),
        padStart(probe.goalMs === undefined ? '' : ms(probe.goalMs), 9),
        probe.goalMs === undefined ? '' : s.p95 > probe.goalMs ? '  OVER' : '  ok',
      ].join(' '),
    );
  });
  for (const probe of probes.filter((p) => p.last)) {
    console.log(`  ${probe.label}: ${probe.last!.results} rows, total ${probe.last!.total.toLocaleString('en')}, ${(probe.last!.bytes / 1000).toFixed(1)} KB on the wire`);
  }
}
