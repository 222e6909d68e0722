/**
 * `npm run bench`, issue #29: the share link's pages and the embed, on the built server (bench-server.ts,
 * as `npm start` runs it, PGlite) under Slow 4G + 4× CPU:
 * - the LCP of /fill/{token} beside /login's, measured in turns in the same run (fresh contexts, empty
 *   cache), with /fill/'s floor from what the browser did (largest-paint.ts criticalPath). Goal: ≤ 1.1×
 *   /login's LCP (its one data read runs beside its modules);
 * - the bytes a repeat visit transfers before its first paint (repeat-visit.ts) to /fill/{token}, a
 *   checklist's view page and a folder page. Goal: ≤ 5 KB;
 * - the gzip bytes of /elements/ringbinder.js plus every chunk it loads for rb-checklist, from the build
 *   (dist/elements). Goal: ≤ 35 KB.
 * Figures, never verdicts: only a crash fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { criticalPath, cpuSlowdown, measureLcp, median, slow4g, type PaintRun } from './largest-paint.ts';
import { gzipSize, importsOf } from './page-weight.ts';
import { measureRepeatVisit } from './repeat-visit.ts';
import { checklistContents } from './submissions.ts';
import { sized } from './smoke.ts';

const RUNS = sized(5, 1);
const GOAL = { ofLogin: 1.1, repeatBytes: 5_000, embedBytes: 35_000 } as const;
const FOLDER_DOCUMENTS = sized(20, 2);

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ok = (good: boolean) => (good ? 'ok' : 'OVER');
const ids = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}').replace(/share_[A-Za-z0-9_-]{43}/g, '{token}');

export async function benchSharePages(distDir = join(process.cwd(), 'dist')): Promise<void> {
  console.log(
    `\nShare links and the embed (issue #29) — "Slow 4G" (${slow4g.latencyMs} ms a round trip, ${slow4g.downloadBytesPerSecond.toLocaleString('en')} B/s), ` +
      `CPU ${cpuSlowdown}× slower, the built server on PGlite`,
  );
  printEmbedWeight(distDir);
  const loadBefore = loadavg()[0]!;
  const server = await startBenchServer();
  try {
    const site = await seed(server);
    await printFillLcp(server, site.fillPath);
    await printRepeatVisits(server, site);
  } finally {
    await server.stop();
  }
  console.log(
    `\n  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs ` +
      '(CPU time is 4× slowed on top of whatever else runs).',
  );
}

interface Site {
  /** The org admin's bearer token (the signed-in pages). */
  adminToken: string;
  fillPath: string;
  viewPath: string;
  folderPath: string;
}

/** An org admin, a folder with a checklist and a few documents, and a share link to the checklist — through the API. */
async function seed(server: BenchServer): Promise<Site> {
  const api = { apiUrl: `${server.url}/api/v1`, outboxDir: join(server.dataDir, 'outbox') };
  const admin = await registerAndActivate(api, 'bench_share');
  await call(api, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Share' }, expect: 201 });
  const folder = await call(api, 'POST', 'documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Site checks' }, expect: 201 });
  const folderId = String(folder.id);
  const checklist = await call(api, 'POST', 'documentation/documents', {
    token: admin.token,
    json: { folder_id: folderId, name: 'Daily check', doctype: 'form', contents: checklistContents() },
    expect: 201,
  });
  for (let i = 1; i < FOLDER_DOCUMENTS; i++) {
    await call(api, 'POST', 'documentation/documents', {
      token: admin.token,
      json: { folder_id: folderId, name: `Check ${i}`, doctype: 'form', contents: checklistContents() },
      expect: 201,
    });
  }
  const link = await call(api, 'POST', `documentation/documents/${String(checklist.id)}/share-links`, {
    token: admin.token,
    json: { name: 'Bench' },
    expect: 201,
  });
  const token = String(link.token);
  return { adminToken: admin.token, fillPath: `/fill/${token}`, viewPath: `/documentation/view/${String(checklist.id)}`, folderPath: `/documentation/browse/${folderId}` };
}

async function printFillLcp(server: BenchServer, fillPath: string): Promise<void> {
  // In turns, one fresh context each, so both pages meet the same machine load.
  const login: PaintRun[] = [];
  const fill: PaintRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    login.push(...(await measureLcp(`${server.url}/login`, 1)));
    fill.push(...(await measureLcp(`${server.url}${fillPath}`, 1)));
  }
  const loginLcp = median(login.map((r) => r.lcpMs));
  const fillLcp = median(fill.map((r) => r.lcpMs));
  const run = [...fill].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(fill.length / 2)]!;
  const path = criticalPath(run);
  const ratio = fillLcp / loginLcp;
  const elements = (runs: PaintRun[]) => [...new Set(runs.map((r) => r.element))].join(', ');
  console.log(`\n  LCP of /fill/{token} beside /login — median of ${RUNS} fresh contexts each (empty cache, service worker blocked), in turns`);
  console.log(`    /login runs (ms):  ${login.map((r) => r.lcpMs.toFixed(0)).join(', ')}   (LCP element ${elements(login)})`);
  console.log(`    /fill/ runs (ms):  ${fill.map((r) => r.lcpMs.toFixed(0)).join(', ')}   (status ${run.status}; LCP element ${elements(fill)})`);
  console.log(`    median LCP:        /login ${loginLcp.toFixed(0)} ms, /fill/ ${fillLcp.toFixed(0)} ms`);
  console.log(`    /fill/ ÷ /login:   ${ratio.toFixed(2)}   goal ≤ ${GOAL.ofLogin} ${ok(ratio <= GOAL.ofLogin)}`);
  console.log(
    `    /fill/ floor:      ${path.floorMs.toFixed(0)} ms = ${path.levels} levels × ${slow4g.latencyMs} ms + ${kb(path.bytes)} KB ÷ ${slow4g.downloadBytesPerSecond} B/s (median run)`,
  );
  path.perLevel.forEach((what, i) => console.log(`                       L${i}: ${ids(what)}`));
  console.log(`    /fill/ LCP / floor: ${(fillLcp / path.floorMs).toFixed(2)}`);
  console.log(`    /fill/ received:   ${kb(run.receivedBytes)} KB in ${run.requests} requests by the end of the run`);
}

async function printRepeatVisits(server: BenchServer, site: Site): Promise<void> {
  console.log(`\n  A repeat visit: bytes transferred before the first paint (LCP), second navigation in the same context (HTTP cache primed, service worker blocked)`);
  const pages = [
    { label: '/fill/{token}', path: site.fillPath, token: undefined },
    { label: "a checklist's view page", path: site.viewPath, token: site.adminToken },
    { label: `a folder page (${FOLDER_DOCUMENTS} checklists)`, path: site.folderPath, token: site.adminToken },
  ];
  for (const page of pages) {
    const repeat = await measureRepeatVisit(`${server.url}${page.path}`, page.token ? { token: page.token } : {});
    console.log(
      `    ${page.label.padEnd(34)} ${kb(repeat.bytesBefore).padStart(5)} KB before the paint (LCP ${repeat.lcpMs.toFixed(0)} ms, ${repeat.element}); ` +
        `${kb(repeat.bytesAll)} KB to the end   goal ≤ ${kb(GOAL.repeatBytes)} KB ${ok(repeat.bytesBefore <= GOAL.repeatBytes)}`,
    );
    const sent = repeat.before.filter((l) => l.bytes > 0);
    console.log(`      ${sent.length ? sent.map((l) => `${ids(l.path).slice(0, 60)} ${l.bytes} B`).join('; ') : 'nothing crossed the network'}`);
    const moved = new URL(repeat.finalUrl).pathname;
    if (moved !== page.path) console.log(`      note: the page ended at ${ids(moved)}`);
  }
}

/** ringbinder.js + what it loads for rb-checklist (the list it names, and those chunks' static imports), gzip from the build. */
function printEmbedWeight(distDir: string): void {
  const dir = join(distDir, 'elements');
  const loader = join(dir, 'ringbinder.js');
  console.log('\n  The embed\'s first load: /elements/ringbinder.js + everything it loads for rb-checklist, gzip (zlib default level) from dist/elements');
  if (!existsSync(loader)) {
    console.log('    skipped: dist/elements/ringbinder.js is not built.');
    return;
  }
  const code = readFileSync(loader, 'utf8');
  const named = /"rb-checklist":\[([^\]]*)\]/.exec(code)?.[1];
  const seen = new Set<string>();
  const queue = (named ?? '').match(/\.\/chunks\/[^"\\]+\.js/g)?.map((p) => `/elements/${p.slice(2)}`) ?? [];
  const lazy = new Set<string>();
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const { staticImports, dynamicImports } = importsOf(readFileSync(join(distDir, path), 'utf8'), path);
    queue.push(...staticImports);
    dynamicImports.forEach((p) => lazy.add(p));
  }
  if (seen.size === 0) {
    console.log('    skipped: ringbinder.js names no chunks for rb-checklist.');
    return;
  }
  const weigh = (path: string) => gzipSize(readFileSync(join(distDir, path)));
  const files = ['/elements/ringbinder.js', ...seen];
  const total = files.reduce((n, p) => n + weigh(p), 0);
  for (const p of files) console.log(`    ${p.padEnd(60)} ${kb(weigh(p)).padStart(5)} KB`);
  console.log(`    total: ${kb(total)} KB in ${files.length} files   goal ≤ ${kb(GOAL.embedBytes)} KB ${ok(total <= GOAL.embedBytes)}`);
  const later = [...lazy].filter((p) => !seen.has(p) && existsSync(join(distDir, p)));
  if (later.length) console.log(`    loaded on demand (not counted): ${later.map((p) => `${p.replace('/elements/chunks/', '')} ${kb(weigh(p))} KB`).join(', ')}`);
}
