/**
 * The top frames of V8 CPU profiles (`node --cpu-prof`, e.g. the bench's servers under BENCH_CPU_PROF):
 * `node tests/bench/cpu-profile-top.mjs <file.cpuprofile>… [--top=25]` prints each function's self time
 * and its share, heaviest first, and the share of time by package (node_modules/<name>, our src, node:).
 */
import { readFileSync } from 'node:fs';

const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
for (const file of process.argv.slice(2).filter((a) => !a.startsWith('--'))) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist-server)\//, '$1/')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const where = new Map();
  for (const [key, dt] of self) {
    const area = /node_modules\/((@[^/]+\/)?[^/:]+)/.exec(key)?.[1] ?? (/dist-server\//.test(key) ? 'dist-server (ours and bundled)' : /^\((idle|program|garbage collector)\)/.exec(key)?.[1] ?? 'node internals');
    where.set(area, (where.get(area) ?? 0) + dt);
  }
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [key, dt] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${((100 * dt) / total).toFixed(1).padStart(5)} %  ${key}`);
  console.log('  by area:');
  for (const [area, dt] of [...where].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${((100 * dt) / total).toFixed(1).padStart(5)} %  ${area}`);
}
