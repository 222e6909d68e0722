/** The Node check that `npm start` and `npm test` run first (scripts/check-node.cjs, issue #41). */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const script = new URL('scripts/check-node.cjs', root).pathname;
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const { satisfies } = createRequire(import.meta.url)(script) as { satisfies: (version: string, range: string) => boolean };
const temp = mkdtempSync(join(tmpdir(), 'rb-check-node-'));

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('scripts/check-node.cjs', () => {
  it('reads engines.node as the project states it: Node 24 LTS and 26 pass, Node 20, 22 before 22.23.4 and 23 do not', () => {
    const range = pkg.engines.node;
    for (const ok of ['24.16.0', '24.22.3', '26.1.0', '22.23.4', '22.30.0']) expect(satisfies(ok, range), ok).toBe(true);
    for (const old of ['18.20.8', '20.20.2', '22.12.0', '22.23.3', '23.11.0', '24.15.0']) expect(satisfies(old, range), old).toBe(false);
    expect(satisfies(process.versions.node, range)).toBe(true);
  });

  it('says nothing and lets the command go on under this Node', () => {
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toBe('');
  });

  it('stops at once with one sentence naming the Node needed and where to get it when this Node is too old', () => {
    // The same script beside a package.json asking for a Node no machine has yet.
    mkdirSync(join(temp, 'scripts'));
    copyFileSync(script, join(temp, 'scripts', 'check-node.cjs'));
    writeFileSync(join(temp, 'package.json'), JSON.stringify({ engines: { node: '>=99.0.0' } }));
    const run = spawnSync(process.execPath, [join(temp, 'scripts', 'check-node.cjs')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('needs Node.js 24 LTS (package.json engines: >=99.0.0)');
    expect(lines[0]).toContain(`this is Node.js ${process.versions.node}`);
    expect(lines[0]).toContain('https://nodejs.org/en/download');
  });

  it('runs before anything else in npm start and npm test', () => {
    expect(pkg.scripts['start']).toMatch(/^node scripts\/check-node\.cjs && /);
    expect(pkg.scripts['test']).toMatch(/^node scripts\/check-node\.cjs && /);
  });
});
