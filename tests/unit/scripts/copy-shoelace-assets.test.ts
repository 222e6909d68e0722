/**
 * scripts/copy-shoelace-assets.mjs, run for real in a scratch folder (it writes public/shoelace below
 * its working directory): Shoelace's system icons become files equal to what its own resolver hands
 * out, and the copy is redone when the installed version differs from the stamp, skipped otherwise.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import systemLibrary from '@shoelace-style/shoelace/dist/components/icon/library.system.js';
import { attr, childElements, readHtml } from '../../support/html.ts';

const script = resolve('scripts/copy-shoelace-assets.mjs');
const run = (cwd: string): string => execFileSync(process.execPath, [script], { cwd, encoding: 'utf8' });
const fromResolver = (name: string): string => decodeURIComponent(systemLibrary.resolver(name).replace(/^data:image\/svg\+xml,/, '')).trim();

// A copy is about 2,000 files: seconds on a busy machine.
const COPY_MS = 90_000;

describe('copy-shoelace-assets', { timeout: COPY_MS }, () => {
  let cwd: string;
  const target = () => join(cwd, 'public/shoelace');
  const systemIcons = () => join(target(), 'assets/system-icons');

  beforeAll(() => {
    cwd = mkdtempSync(join(tmpdir(), 'ringbinder-shoelace-'));
    run(cwd);
  }, COPY_MS);
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it("writes every system icon as an SVG file equal to the resolver's data address, next to the icon set", () => {
    const files = readdirSync(systemIcons());
    // The icons Shoelace's components draw: a dialog's close X, a checkbox's tick, the select's caret…
    expect(files).toEqual(expect.arrayContaining(['x-lg.svg', 'check.svg', 'indeterminate.svg', 'caret.svg', 'chevron-down.svg', 'radio.svg']));
    for (const file of files) {
      const name = file.replace(/\.svg$/, '');
      expect(systemLibrary.resolver(name), `${name} is one of the system icons`).not.toBe('');
      const svg = readFileSync(join(systemIcons(), file), 'utf8');
      const [drawing, ...rest] = childElements(readHtml(svg));
      expect([drawing!.tagName, attr(drawing!, 'xmlns'), rest]).toEqual(['svg', 'http://www.w3.org/2000/svg', []]);
      expect(svg.replace(/ xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, '').trim()).toBe(fromResolver(name).replace(/ xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, ''));
    }
    expect(existsSync(join(target(), 'assets/icons/x-lg.svg'))).toBe(true);
  });

  it('skips the copy while the stamp names the installed version', () => {
    const marker = join(target(), 'assets/icons/left-behind.svg');
    writeFileSync(marker, '<svg/>');
    expect(run(cwd)).toBe('');
    expect(existsSync(marker)).toBe(true);
  });

  it('copies afresh when the installed Shoelace is not the stamped one', () => {
    const stamp = join(target(), 'version.txt');
    const installed = readFileSync(stamp, 'utf8');
    const marker = join(target(), 'assets/icons/left-behind.svg');
    writeFileSync(marker, '<svg/>');
    writeFileSync(stamp, '0.0.1\n');
    expect(run(cwd)).toMatch(/system icons/);
    expect(existsSync(marker), 'the old copy is gone').toBe(false);
    expect(readFileSync(stamp, 'utf8')).toBe(installed);
    expect(readdirSync(systemIcons()).length).toBeGreaterThan(10);
  });
});
