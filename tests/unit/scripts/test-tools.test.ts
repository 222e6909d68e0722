/**
 * The first step of `npm test` (scripts/test-tools.mjs): what it does when Chromium, pdftoppm or zbarimg is
 * missing, as root with apt-get or not. The machine is given to it (its uid, which programs are found, what
 * running a command does) so no apt-get runs here; `which` itself is tried on real files.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTestTools, plan, requiredTools, which } from '../../../scripts/test-tools.mjs';

/** A machine with these programs (by name or path); an install of a Debian package adds what it brings. */
function machine(present: string[], { uid = 0, aptWorks = true } = {}) {
  const programs = new Set(present);
  const commands: string[][] = [];
  const lines: string[] = [];
  const brings: Record<string, string[]> = { 'chromium-headless-shell': ['/usr/bin/chromium-headless-shell'], 'poppler-utils': ['pdftoppm'], 'zbar-tools': ['zbarimg'] };
  return {
    commands,
    lines,
    options: {
      env: {},
      uid,
      find: (name: string) => (programs.has(name) ? `/usr/bin/${name}` : undefined),
      run: (command: string[]) => {
        commands.push(command);
        if (!aptWorks) return 100;
        if (command[1] === 'install') for (const pkg of command.slice(4)) for (const tool of brings[pkg] ?? []) programs.add(tool);
        return 0;
      },
      log: (line: string) => lines.push(line),
    },
  };
}

const ALL = ['/usr/bin/chromium-headless-shell', 'pdftoppm', 'zbarimg', 'apt-get'];

describe('plan', () => {
  const [chromium, pdftoppm, zbarimg] = requiredTools(undefined);

  it('does nothing when nothing is missing, root or not', () => {
    expect(plan({ missing: [], isRoot: false, hasAptGet: false })).toEqual({ action: 'none' });
    expect(plan({ missing: [], isRoot: true, hasAptGet: true })).toEqual({ action: 'none' });
  });

  it('as root with apt-get: apt-get update, then installs the packages of the missing tools only', () => {
    expect(plan({ missing: [pdftoppm!, zbarimg!], isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      packages: ['poppler-utils', 'zbar-tools'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', '--no-install-recommends', 'poppler-utils', 'zbar-tools'],
      ],
    });
  });

  it('not root: stops with the one command that would install them', () => {
    const decided = plan({ missing: [chromium!, pdftoppm!, zbarimg!], isRoot: false, hasAptGet: true });
    expect(decided).toEqual({
      action: 'stop',
      message:
        'The tests need /usr/bin/chromium-headless-shell, pdftoppm, zbarimg, missing here: run as root: ' +
        'apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell poppler-utils zbar-tools',
    });
  });

  it('root without apt-get: stops, naming the Debian command', () => {
    const decided = plan({ missing: [zbarimg!], isRoot: true, hasAptGet: false });
    expect(decided.action).toBe('stop');
    expect(decided.action === 'stop' && decided.message).toContain(
      'no apt-get; on Debian that is, as root: apt-get update && apt-get install -y --no-install-recommends zbar-tools',
    );
  });

  it('a CHROMIUM_PATH that is not there: says the package would not put it there', () => {
    const [elsewhere] = requiredTools('/opt/chrome/chrome');
    const decided = plan({ missing: [elsewhere!], isRoot: false, hasAptGet: true });
    expect(decided.action === 'stop' && decided.message).toContain('CHROMIUM_PATH is /opt/chrome/chrome');
  });
});

describe('ensureTestTools', () => {
  it('everything there: runs nothing and says nothing', () => {
    const m = machine(ALL, { uid: 1000 });
    expect(ensureTestTools(m.options)).toBe(true);
    expect(m.commands).toEqual([]);
    expect(m.lines).toEqual([]);
  });

  it('as root, Chromium missing: installs it and goes on', () => {
    const m = machine(['pdftoppm', 'zbarimg', 'apt-get']);
    expect(ensureTestTools(m.options)).toBe(true);
    expect(m.commands).toEqual([
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium-headless-shell'],
    ]);
  });

  it('as root on a bare Debian: installs all three', () => {
    const m = machine(['apt-get']);
    expect(ensureTestTools(m.options)).toBe(true);
    expect(m.commands[1]).toEqual(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium-headless-shell', 'poppler-utils', 'zbar-tools']);
  });

  it('not root, a tool missing: stops at once, running nothing', () => {
    const m = machine(['/usr/bin/chromium-headless-shell', 'pdftoppm', 'apt-get'], { uid: 1000 });
    expect(ensureTestTools(m.options)).toBe(false);
    expect(m.commands).toEqual([]);
    expect(m.lines).toEqual([
      'The tests need zbarimg, missing here: run as root: apt-get update && apt-get install -y --no-install-recommends zbar-tools',
    ]);
  });

  it('apt-get failing: stops after the failed command', () => {
    const m = machine(['apt-get'], { aptWorks: false });
    expect(ensureTestTools(m.options)).toBe(false);
    expect(m.commands).toEqual([['apt-get', 'update']]);
    expect(m.lines.at(-1)).toBe('apt-get update failed (exit 100)');
  });

  it('respects CHROMIUM_PATH: looks for Chromium there', () => {
    const m = machine(['/opt/chrome/chrome', 'pdftoppm', 'zbarimg'], { uid: 1000 });
    expect(ensureTestTools({ ...m.options, env: { CHROMIUM_PATH: '/opt/chrome/chrome' } })).toBe(true);
    const without = machine(['/usr/bin/chromium-headless-shell', 'pdftoppm', 'zbarimg', 'apt-get'], { uid: 1000 });
    expect(ensureTestTools({ ...without.options, env: { CHROMIUM_PATH: '/opt/chrome/chrome' } })).toBe(false);
  });

  it('this machine, as it is, has what the tests need', () => {
    // The suite runs here: a tool missing would already show. Nothing may be run to get it.
    expect(
      ensureTestTools({
        run: () => {
          throw new Error('nothing should be installed');
        },
      }),
    ).toBe(true);
  });
});

describe('which', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rb-test-tools-'));
    await writeFile(join(folder, 'runnable'), '#!/bin/sh\n');
    await chmod(join(folder, 'runnable'), 0o755);
    await writeFile(join(folder, 'plain'), 'text');
    await chmod(join(folder, 'plain'), 0o644);
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('finds a program on PATH, not a file it may not run, nor a folder', () => {
    const path = `/nowhere:${folder}`;
    expect(which('runnable', path)).toBe(join(folder, 'runnable'));
    expect(which('plain', path)).toBeUndefined();
    expect(which('missing', path)).toBeUndefined();
    expect(which(folder.split('/').at(-1)!, tmpdir())).toBeUndefined();
  });

  it('takes a path with a slash as it is', () => {
    expect(which(join(folder, 'runnable'), '')).toBe(join(folder, 'runnable'));
    expect(which(join(folder, 'plain'), folder)).toBeUndefined();
  });
});
