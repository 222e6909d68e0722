/**
 * CPU profiles of the folder page and of the submission under load (issue #46):
 * `BENCH_DATABASE_URL=… node --import tsx tests/bench/profile-run.ts [folder]` makes throughput.ts's fixture
 * on a fresh PostgreSQL database, then for each route starts the server as `npm start` runs it under
 * `node --cpu-prof` (request log on), loads it with autocannon (20 connections, PROFILE_SECONDS, default 10)
 * and stops it: one `.cpuprofile` per route under [folder] (default <tmpdir>/rb-profiles), summarised by
 * cpu-profile-top.mjs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTargets, startApiServer } from './api-server.ts';
import { startBenchServer } from './bench-server.ts';
import { load } from './load.ts';
import { record } from './submissions.ts';
import { setUp } from './throughput.ts';

const folder = process.argv[2] ?? join(tmpdir(), 'rb-profiles');
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const target = databaseTargets().find((t) => t.kind === 'postgres');
if (!target) throw new Error('set BENCH_DATABASE_URL: the profiles are taken on PostgreSQL');
mkdirSync(folder, { recursive: true });
const api = await startApiServer(target);
try {
  const setup = await setUp(api);
  await api.close();
  const headers = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', authorization: `Bearer ${setup.member.token}` };
  const routes = [
    { name: 'folder-page', path: `documentation/folders/${setup.folderId}/contents?limit=100`, options: { headers } },
    {
      name: 'submission',
      path: `documentation/documents/${setup.checklistId}/data`,
      options: { method: 'POST' as const, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ record: record() }) },
    },
  ];
  for (const route of routes) {
    const dir = join(folder, route.name);
    mkdirSync(dir, { recursive: true });
    process.env.BENCH_CPU_PROF = dir;
    const server = await startBenchServer({ databaseUrl: api.databaseUrl!, requestLog: true });
    try {
      const url = `${server.url}/api/v1/${route.path}`;
      await load(url, { ...route.options, connections: 20, seconds: 2 });
      const r = await load(url, { ...route.options, connections: 20, seconds });
      console.log(`${route.name}: ${r.perSecond.toFixed(0)} req/s under the profiler`);
    } finally {
      await server.stop();
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
    renameSync(join(dir, file), join(folder, `${route.name}.cpuprofile`));
    console.log(execFileSync(process.execPath, ['tests/bench/cpu-profile-top.mjs', join(folder, `${route.name}.cpuprofile`)]).toString());
  }
} finally {
  await api.stop();
}
