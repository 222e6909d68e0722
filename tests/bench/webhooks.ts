/**
 * `npm run bench`, issue #34: outgoing webhooks.
 * - Arrival: a checklist submission at a time, with one endpoint (a local receiver in a child process,
 *   webhook-receiver.mjs: node:http on 127.0.0.1, so WEBHOOK_ALLOW_PRIVATE) — the submission's own latency (request → answer) beside the time
 *   from its answer (its commit came just before) to its signed delivery's arrival, p50 and p95.
 *   Goal: arrival p95 ≤ 2× the submission's p95.
 * - Throughput: autocannon in a second process submitting for a fixed time with no endpoint, then with ten
 *   active endpoints (every submission queues ten deliveries in its statement, sent by this process
 *   meanwhile), in the same run on the same server. Goal: with ten ≥ 0.9× without.
 * Figures only; nothing fails on a number (the machine may be loaded: the load average is printed).
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { availableParallelism, loadavg } from 'node:os';
import { startApiServer, type DatabaseTarget } from './api-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { load, type LoadResult } from './load.ts';
import { countQueries } from './query-counter.ts';
import { spreadOf } from './percentiles.ts';
import { checklistContents, record } from './submissions.ts';
import { sized } from './smoke.ts';

const ARRIVALS = sized(200, 5);
const WARM_UP = sized(20, 2);
const CONNECTIONS = sized(10, 2);
const SECONDS = sized(8, 1);
const WARM_UP_SECONDS = sized(2, 1);
const ENDPOINTS = sized(10, 2);

/** The receiver, in a child process: when each submission's delivery arrived (epoch ms, by submission id), and how many arrived in all. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  let count = 0;
  const child = spawn(process.execPath, [join(process.cwd(), 'tests', 'bench', 'webhook-receiver.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve) => {
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) return resolve(line.slice('listening '.length));
      const [id, at] = line.split(' ');
      count += 1;
      if (id && id !== '-' && !arrivals.has(id)) arrivals.set(id, Number(at));
    });
  });
  return {
    url,
    arrivals,
    count: () => count,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Now as epoch ms with sub-ms precision (comparable with the receiver's). */
const epoch = () => performance.timeOrigin + performance.now();

/** One submission; answers its id, when it was sent and when its answer had arrived. */
function submitOnce(agent: Agent, url: string, token: string, body: string): Promise<{ id: string; sent: number; answered: number }> {
  return new Promise((resolve, reject) => {
    const sent = epoch();
    const req = request(
      url,
      { agent, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answered = epoch();
          if (res.statusCode !== 201) return reject(new Error(`submission answered ${res.statusCode}`));
          resolve({ id: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id, sent, answered });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function waitFor(ready: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

const fmt = (r: LoadResult) => `${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.requests).padStart(8)}`;

export async function benchWebhooks(target: DatabaseTarget): Promise<void> {
  console.log(`\nOutgoing webhooks (issue #34) on ${target.label}; load average before: ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`);
  const server = await startApiServer(target, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  const receiver = await startReceiver();
  try {
    const admin = await registerAndActivate(server, 'bench_hooks');
    await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Webhooks' }, expect: 201 });
    const document = await call(server, 'POST', 'documentation/documents', {
      token: admin.token,
      json: { folder_id: 'root', name: 'Hooked check', doctype: 'form', contents: checklistContents() },
      expect: 201,
    });
    const url = `${server.apiUrl}/documentation/documents/${String(document.id)}/data`;
    const body = JSON.stringify({ record: record() });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });

    // Throughput first, with no endpoint and then with ten, on the same server.
    const loadOptions = {
      method: 'POST' as const,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body,
      connections: CONNECTIONS,
    };
    // Statements sent (the sender's included): per submission with none, per delivery with ten.
    const statements = countQueries(server.db);
    await load(url, { ...loadOptions, seconds: WARM_UP_SECONDS });
    const noneFrom = statements.count;
    const none = await load(url, { ...loadOptions, seconds: SECONDS });
    const perSubmission = (statements.count - noneFrom) / none.requests;
    for (let i = 0; i < ENDPOINTS; i++) {
      await call(server, 'POST', 'webhooks', { token: admin.token, json: { url: receiver.url, events: ['checklist.submitted'] }, expect: 201 });
    }
    const before = receiver.count();
    const tenFrom = statements.count;
    const warm = await load(url, { ...loadOptions, seconds: WARM_UP_SECONDS });
    const ten = await load(url, { ...loadOptions, seconds: SECONDS });
    // The warm-up's submissions were sent to the ten endpoints too.
    const expected = (warm.requests + ten.requests) * ENDPOINTS;
    const drained = await waitFor(() => receiver.count() - before >= expected, 120_000);
    const perDelivery = (statements.count - tenFrom - (warm.requests + ten.requests) * perSubmission) / expected;

    // Arrival with one endpoint: delete nine, then a submission at a time.
    const list = await call(server, 'GET', 'webhooks', { token: admin.token });
    for (const endpoint of (list.results as { id: string }[]).slice(1)) await call(server, 'DELETE', `webhooks/${endpoint.id}`, { token: admin.token, expect: 204 });
    await waitFor(() => false, 1000);
    for (let i = 0; i < WARM_UP; i++) {
      const s = await submitOnce(agent, url, admin.token, body);
      await waitFor(() => receiver.arrivals.has(s.id), 10_000);
    }
    const latencies: number[] = [];
    const arrivals: number[] = [];
    let lost = 0;
    for (let i = 0; i < ARRIVALS; i++) {
      const s = await submitOnce(agent, url, admin.token, body);
      latencies.push(s.answered - s.sent);
      if (await waitFor(() => receiver.arrivals.has(s.id), 10_000)) arrivals.push(receiver.arrivals.get(s.id)! - s.answered);
      else lost += 1;
    }
    agent.destroy();

    const submit = spreadOf(latencies);
    const arrive = spreadOf(arrivals.map((ms) => Math.max(0, ms)));
    console.log(`  arrival: ${ARRIVALS} submissions one at a time, one endpoint (a local receiver)${lost ? `; ${lost} did not arrive within 10 s` : ''}`);
    console.log(`    ${'what'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    console.log(`    ${'the submission (request → answer)'.padEnd(52)} ${submit.p50.toFixed(2).padStart(8)} ${submit.p95.toFixed(2).padStart(8)} ${submit.max.toFixed(2).padStart(8)}`);
    console.log(`    ${'its delivery (answer, after the commit → arrival)'.padEnd(52)} ${arrive.p50.toFixed(2).padStart(8)} ${arrive.p95.toFixed(2).padStart(8)} ${arrive.max.toFixed(2).padStart(8)}`);
    console.log(`    arrival p95 / submission p95: ${(arrive.p95 / submit.p95).toFixed(2)}   goal ≤ 2`);
    console.log(`  throughput: autocannon in a second process, ${CONNECTIONS} connections, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up`);
    console.log(`    ${'endpoints'.padEnd(52)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(8)}`);
    console.log(`    ${'none'.padEnd(52)} ${fmt(none)}`);
    console.log(`    ${`${ENDPOINTS} active (each submission queues ${ENDPOINTS} deliveries)`.padEnd(52)} ${fmt(ten)}`);
    console.log(
      `    with ${ENDPOINTS} / without: ${(ten.perSecond / none.perSecond).toFixed(2)}   goal ≥ 0.9; deliveries of that run ${drained ? 'all arrived' : `not all arrived (${receiver.count() - before} of ${expected})`}`,
    );
    console.log(`    SQL statements: ${perSubmission.toFixed(2)} per submission (none), ${perDelivery.toFixed(2)} per delivery beside them (${ENDPOINTS} endpoints)`);
    console.log(`  load average after: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await receiver.close();
    await server.stop();
  }
}
