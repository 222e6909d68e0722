/**
 * Open pages at scale (issue #46): one server process (the bundle as `npm start` runs it) holding N live
 * notification streams — GET documentation/notifications/stream, what the bell and every kiosk keep open —
 * 2,000 (the smoke: 20) beside 10. For each: the process's RSS growth per open stream, and the time from
 * one write that notifies (a document added to a folder the reader follows) until the notification has
 * reached every open stream, p50/p95 over ROUNDS writes; the p95 at N as a ratio to the p95 at 10.
 *
 * The streams are one reader's (as many open tabs and kiosks): the hub fans one notification out to each,
 * the same path as one stream per user, without signing up thousands of accounts. PostgreSQL only (the
 * fixture is made through an in-process server that then stops, as in throughput.ts).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { startApiServer, type DatabaseTarget } from './api-server.ts';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { accounts, call } from './documentation-tree-fixture.ts';
import { spreadOf } from './percentiles.ts';
import { sized } from './smoke.ts';
import { checklistContents } from './submissions.ts';

const STREAMS = sized(2_000, 20);
const FEW = 10;
const ROUNDS = sized(20, 3);

interface Client {
  /** Notifications this stream has received. */
  notifications: number;
  close(): void;
}

/** Opens one stream and counts its `notification` events; settles once `ready` came. */
async function openClient(apiUrl: string, token: string, onNotification: () => void): Promise<Client> {
  const abort = new AbortController();
  const res = await fetch(`${apiUrl}/documentation/notifications/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`live streams: the stream answered ${res.status}: ${await res.text()}`);
  const client: Client = { notifications: 0, close: () => abort.abort() };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes('event: ready')) ready();
          if (block.includes('event: notification')) {
            client.notifications++;
            onNotification();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  await isReady;
  return client;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fixture {
  admin: { token: string };
  member: { token: string };
  folderId: string;
}

/** Opens `n` streams, then times ROUNDS notifying writes until each has reached all `n`. */
async function measure(server: BenchServer, fixture: Fixture, n: number) {
  const apiUrl = `${server.url}/api/v1`;
  await pause(500);
  const idle = rssOf(server.pid);
  let received = 0;
  let wake: () => void = () => undefined;
  const clients: Client[] = [];
  // In batches, as pages come: each stream signs in and reads its unread count when it opens.
  for (let i = 0; i < n; i += 50) {
    const batch = Math.min(50, n - i);
    clients.push(...(await Promise.all(Array.from({ length: batch }, () => openClient(apiUrl, fixture.member.token, () => (received++, wake()))))));
  }
  await pause(1_000);
  const open = rssOf(server.pid);
  const times: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const target = received + n;
      const started = performance.now();
      const reached = new Promise<void>((resolve) => (wake = () => received >= target && resolve()));
      await call({ apiUrl }, 'POST', 'documentation/documents', {
        token: fixture.admin.token,
        json: { folder_id: fixture.folderId, name: `Live ${n}-${round}`, doctype: 'form', contents: checklistContents() },
        expect: 201,
      });
      await reached;
      times.push(performance.now() - started);
    }
  } finally {
    for (const c of clients) c.close();
  }
  await pause(500);
  return { n, perStream: (open - idle) / n, idleMb: idle / 2 ** 20, openMb: open / 2 ** 20, spread: spreadOf(times) };
}

export async function benchLiveStreams(target: DatabaseTarget): Promise<void> {
  console.log(`\nOpen pages at scale (issue #46) on ${target.label}`);
  if (target.kind !== 'postgres') {
    console.log('  measured on PostgreSQL only (set BENCH_DATABASE_URL).');
    return;
  }
  const setup = await startApiServer(target);
  try {
    const { admin, member } = await accounts(setup);
    const folder = await call(setup, 'POST', 'documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Followed' }, expect: 201 });
    const folderId = String(folder.id);
    await call(setup, 'POST', `documentation/folders/${folderId}/subscription`, { token: member.token, json: {} });
    await setup.close();
    const server = await startBenchServer({ databaseUrl: setup.databaseUrl!, requestLog: true, env: { LIVE_STREAMS_PER_PROCESS: String(STREAMS + 10) } });
    try {
      const loadBefore = loadavg()[0]!.toFixed(1);
      const few = await measure(server, { admin, member, folderId }, FEW);
      const many = await measure(server, { admin, member, folderId }, STREAMS);
      console.log(`  one server process (the bundle, request log on), one reader's streams; ${ROUNDS} notifying writes each`);
      console.log(`  ${'streams'.padStart(8)} ${'RSS idle MB'.padStart(12)} ${'RSS open MB'.padStart(12)} ${'KB/stream'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
      for (const r of [few, many]) {
        console.log(
          `  ${String(r.n).padStart(8)} ${r.idleMb.toFixed(0).padStart(12)} ${r.openMb.toFixed(0).padStart(12)} ${(r.perStream / 1024).toFixed(1).padStart(10)} ` +
            `${r.spread.p50.toFixed(1).padStart(8)} ${r.spread.p95.toFixed(1).padStart(8)}`,
        );
      }
      console.log(
        `  time for one notification to reach all ${STREAMS} ÷ to reach ${FEW} (p95): ${(many.spread.p95 / few.spread.p95).toFixed(2)}×; ` +
          `load ${loadBefore} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await setup.stop();
  }
}
