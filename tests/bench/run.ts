/**
 * `npm run bench`: prints, for every shell of the route table, the gzip weight of its first load against
 * the DESIGN.md budgets, then the LCP of /login on a throttled phone next to the floor its bytes allow,
 * then the documentation tree's API at scale (issue #3: a 10,000-item folder's first page, permissions at
 * depth 20, beside a bare SELECT 1 and a trivial HTTP round trip) on PGlite, and also on PostgreSQL when
 * BENCH_DATABASE_URL names a server (a fresh database is created there and dropped afterwards).
 * A benchmark prints figures; it fails only when something crashes, never on a number.
 * BENCH_SMOKE=1 (`npm run bench:smoke`): every part at tiny sizes, one browser run each (smoke.ts).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { notFoundShell } from '../../src/routes.ts';
import { benchAdminGrids } from './admin-grids.ts';
import { databaseTargets, type DatabaseTarget } from './api-server.ts';
import { startBenchServer, wireBytes } from './bench-server.ts';
import { benchDocumentationTree } from './documentation-tree.ts';
import { benchEffectivePermissions } from './effective-permissions.ts';
import { benchSearch } from './search.ts';
import { benchSheets } from './sheets.ts';
import { benchAnalytics } from './analytics.ts';
import { benchNotificationsFanOut } from './notifications-fan-out.ts';
import { benchSchedules } from './schedules.ts';
import { benchSubmissions } from './submissions.ts';
import { benchSignedInPages } from './signed-in-pages.ts';
import { benchSharePages } from './share-pages.ts';
import { benchMainContent } from './main-content.ts';
import { benchPresentationViewer } from './presentation-viewer.ts';
import { benchPresentationEditor } from './presentation-editor.ts';
import { benchThroughput } from './throughput.ts';
import { benchLiveStreams } from './live-streams.ts';
import { benchUploadMemory } from './upload-memory.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchOrganisationExport } from './organisation-export.ts';
import { bytesPerLevel, cpuSlowdown, floorMs, measureLcp, median, slow4g } from './largest-paint.ts';
import { measureShells, unroutedPages, type ShellWeight } from './page-weight.ts';
import { sized, smoke } from './smoke.ts';

const distDir = join(process.cwd(), 'dist');
const LCP_RUNS = sized(5, 1);
const LCP_PATH = '/login';

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

function printWeights(weights: ShellWeight[]): void {
  console.log('Page weight of the first load per shell — gzip, 1 KB = 1000 B (DESIGN.md "Two weights")');
  const head = [
    pad('shell', 26),
    pad('routes', 40),
    pad('budget class', 15),
    padStart('HTML', 7),
    padStart('CSS', 7),
    padStart('JS', 7),
    padStart('total', 8),
    padStart('budget', 8),
    '  ',
    pad('status', 10),
    padStart('lazy JS', 8),
  ].join(' ');
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const w of weights) {
    const total = w.html + w.css + w.js;
    const status = !w.built ? 'not built' : total > w.budget.bytes ? 'OVER' : 'ok';
    const routes = w.patterns.length > 1 ? `${w.patterns[0]} (+${w.patterns.length - 1})` : (w.patterns[0] ?? '');
    const figure = (bytes: number) => padStart(w.built ? kb(bytes) : '—', 7);
    console.log(
      [
        pad(w.shell, 26),
        pad(routes, 40),
        pad(w.budget.name, 15),
        figure(w.html),
        figure(w.css),
        figure(w.js),
        padStart(w.built ? kb(total) : '—', 8),
        padStart(kb(w.budget.bytes), 8),
        '  ',
        pad(status, 10),
        padStart(w.built && w.lazyJs > 0 ? kb(w.lazyJs) : '—', 8),
      ].join(' '),
    );
  }
  const built = weights.filter((w) => w.built);
  const over = built.filter((w) => w.html + w.css + w.js > w.budget.bytes);
  console.log(
    `${built.length} of ${weights.length} shells built; ${over.length} over budget${over.length ? `: ${over.map((w) => w.shell).join(', ')}` : ''}.`,
  );
  console.log('lazy JS: scripts reached only through dynamic import() (loaded on demand, not counted in the total).');
  const unrouted = unroutedPages(distDir);
  if (unrouted.length) console.log(`Built pages no route serves: ${unrouted.join(', ')}`);
}

async function printLcp(weights: ShellWeight[]): Promise<void> {
  const login = weights.find((w) => w.shell === 'login');
  const served = login?.built ? login : weights.find((w) => w.shell === notFoundShell);
  console.log('');
  console.log(
    `LCP of ${LCP_PATH} — "Slow 4G" (latency ${slow4g.latencyMs} ms, ${slow4g.downloadBytesPerSecond.toLocaleString('en')} B/s down, ` +
      `${slow4g.uploadBytesPerSecond.toLocaleString('en')} B/s up), CPU ${cpuSlowdown}× slower, median of ${LCP_RUNS} fresh contexts`,
  );
  if (!served?.built) {
    console.log('  skipped: neither the login shell nor the not-found shell is built.');
    return;
  }
  if (served.shell !== 'login') console.log(`  note: the login shell is not built yet, so ${LCP_PATH} is the not-found shell.`);

  const loadBefore = loadavg()[0]!;
  const server = await startBenchServer();
  try {
    // What travels for each resource of the first load, as this server sends it (compressed, with headers).
    const wire = new Map<string, number>();
    for (const r of served.resources) wire.set(r.path, await wireBytes(server.url + (r.level === 0 ? LCP_PATH : r.path)));
    const levels = bytesPerLevel(served.resources, (r) => wire.get(r.path) ?? r.gzipBytes);
    const floor = floorMs(levels);
    const blocking = floorMs(
      bytesPerLevel(
        served.resources.filter((r) => r.level === 0 || r.kind === 'css'),
        (r) => wire.get(r.path) ?? r.gzipBytes,
      ),
    );

    const runs = await measureLcp(server.url + LCP_PATH, LCP_RUNS);
    const lcp = median(runs.map((r) => r.lcpMs));
    const elements = [...new Set(runs.map((r) => r.element))].join(', ');
    console.log(`  runs (ms):      ${runs.map((r) => r.lcpMs.toFixed(0)).join(', ')}   (status ${runs[0]!.status}; LCP element ${elements})`);
    console.log(`  received:       ${kb(runs[0]!.receivedBytes)} KB in ${runs[0]!.requests} requests (first run, as the browser counted them)`);
    console.log(`  median LCP:     ${lcp.toFixed(0)} ms`);
    console.log(
      `  floor:          ${floor.toFixed(0)} ms = Σ over ${levels.length} request levels (${slow4g.latencyMs} ms + bytes / ${slow4g.downloadBytesPerSecond} B/s): ` +
        levels.map((b, i) => `L${i} ${kb(b)} KB`).join(', '),
    );
    console.log(`  LCP / floor:    ${(lcp / floor).toFixed(2)}`);
    // Module scripts do not block rendering, so a static LCP element can paint before the last level
    // arrives (ratio below 1); the floor of the render-blocking requests alone is the bound that holds then.
    console.log(
      `  render-blocking floor (HTML + stylesheets only): ${blocking.toFixed(0)} ms; LCP / that floor: ${(lcp / blocking).toFixed(2)}`,
    );
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    await server.stop();
  }
}

const started = performance.now();
if (smoke) {
  console.log(
    'BENCH SMOKE (BENCH_SMOKE=1): every bench at tiny sizes, one browser run each, hardly any waiting — it checks that each runs ' +
      '(a crash or a wrong status fails it); the figures below mean nothing.\n',
  );
}
/** One part of the bench; the smoke says how long each took (what CI's step spends its time on). */
async function part(name: string, run: () => unknown): Promise<void> {
  const from = performance.now();
  await run();
  if (smoke) console.log(`  [smoke: ${name} ran in ${((performance.now() - from) / 1000).toFixed(1)} s]`);
}
const eachDatabase = (bench: (target: DatabaseTarget) => Promise<void>) => async () => {
  for (const target of databaseTargets()) await bench(target);
};

const weights = measureShells(distDir);
printWeights(weights);
await part('LCP of /login', () => printLcp(weights));
await part('signed-in pages', benchSignedInPages);
await part('share pages', () => benchSharePages(distDir));
await part('main content', benchMainContent);
await part('presentation viewer', benchPresentationViewer);
benchPresentationEditor();
await part('documentation tree', eachDatabase(benchDocumentationTree));
await part('submissions', eachDatabase(benchSubmissions));
await part('throughput', eachDatabase(benchThroughput));
await part('open pages', eachDatabase(benchLiveStreams));
await part('upload memory', eachDatabase(benchUploadMemory));
await part('admin grids', eachDatabase(benchAdminGrids));
await part('notifications fan-out', eachDatabase(benchNotificationsFanOut));
await part('search', eachDatabase(benchSearch));
await part('result sheets', eachDatabase(benchSheets));
await part('checklist analytics', eachDatabase(benchAnalytics));
await part('effective permissions', eachDatabase(benchEffectivePermissions));
await part('webhooks', eachDatabase(benchWebhooks));
await part('schedules', eachDatabase(benchSchedules));
await part('organisation export', eachDatabase(benchOrganisationExport));
if (smoke) console.log(`\nBench smoke: every bench ran (${((performance.now() - started) / 1000).toFixed(0)} s; load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs).`);
