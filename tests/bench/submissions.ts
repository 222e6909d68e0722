/**
 * `npm run bench`, issue #4: checklist submissions over HTTP — p50/p95 and throughput with 20
 * connections submitting at once — beside a bare `SELECT 1` through the server's own database handle.
 * (The checklist's view page LCP is measured with its floor in signed-in-pages.ts.) Figures only;
 * nothing here fails on a number.
 */
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { newQuestion, withValueType, type ValueType } from '../../src/shared/checklists/index.ts';
import { startApiServer, type DatabaseTarget } from './api-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { spreadOf, type Spread } from './percentiles.ts';
import { sized } from './smoke.ts';

const CONNECTIONS = sized(20, 5);
const PER_CONNECTION = sized(50, 2);
const WARM_UP = sized(20, 2);
const SELECT_ROUNDS = sized(200, 10);

const TYPES: ValueType[] = ['true/false', 'number', 'text', 'single choice', 'email'];
const ANSWERS: Record<string, unknown> = { 'true/false': true, number: 7, text: 'All fine', 'single choice': 'Yes', email: 'crew@example.com' };

export function checklistContents() {
  const questions = Object.fromEntries(
    TYPES.map((type, i) => {
      const base = withValueType({ ...newQuestion(), title: `Question ${i + 1}: ${type}` }, type);
      return [`q${i + 1}`, type === 'single choice' ? { ...base, choices: ['Yes', 'No'] } : base];
    }),
  );
  return { questions, question_index: Object.keys(questions) };
}

export const record = () => Object.fromEntries(TYPES.map((type, i) => [`q${i + 1}`, { value: ANSWERS[type] }]));

/** One POST of a submission on a connection of `agent`; answers the milliseconds to the last byte. */
function submitOnce(agent: Agent, url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { agent, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 201 ? resolve(performance.now() - started) : reject(new Error(`submission answered ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const row = (name: string, s: Spread, extra = '') =>
  `${name.padEnd(58)} ${String(s.n).padStart(6)} ${s.p50.toFixed(2).padStart(8)} ${s.p95.toFixed(2).padStart(8)} ${s.p99.toFixed(2).padStart(8)} ${s.max.toFixed(2).padStart(8)}  ${extra}`;

export async function benchSubmissions(target: DatabaseTarget): Promise<void> {
  const server = await startApiServer(target);
  try {
    const admin = await registerAndActivate(server, 'bench_filler');
    await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Checklists' }, expect: 201 });
    const document = await call(server, 'POST', 'documentation/documents', {
      token: admin.token,
      json: { folder_id: 'root', name: 'Daily check', doctype: 'form', contents: checklistContents() },
      expect: 201,
    });
    const url = `${server.apiUrl}/documentation/documents/${String(document.id)}/data`;
    const body = JSON.stringify({ record: record() });

    const loadBefore = loadavg()[0]!;
    const selects: number[] = [];
    for (let i = 0; i < SELECT_ROUNDS; i++) {
      const started = performance.now();
      await server.db.execute(sql`SELECT 1`);
      selects.push(performance.now() - started);
    }

    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    for (let i = 0; i < WARM_UP; i++) await submitOnce(agent, url, admin.token, body);
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let i = 0; i < PER_CONNECTION; i++) times.push(await submitOnce(agent, url, admin.token, body));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    const stored = await call(server, 'GET', `documentation/documents/${String(document.id)}/data?limit=1`, { token: admin.token });
    console.log(`\nChecklist submissions (issue #4) on ${target.label}`);
    console.log(`  a checklist of ${TYPES.length} questions (${TYPES.join(', ')}); every answer valid; rows stored afterwards: ${String(stored.total)}`);
    console.log(`${'call'.padEnd(58)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    const select = spreadOf(selects);
    console.log(row('SELECT 1 through the server\'s database handle, one at a time', select, '1.0×'));
    const submit = spreadOf(times);
    console.log(
      row(
        `POST …/data, ${CONNECTIONS} connections × ${PER_CONNECTION} each`,
        submit,
        `${(submit.p50 / select.p50).toFixed(0)}× SELECT 1 at p50; throughput ${(times.length / seconds).toFixed(0)} submissions/s`,
      ),
    );
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);

  } finally {
    await server.stop();
  }
}
