/**
 * `npm install` says nothing about install scripts (README "What `npm install` says about install scripts"):
 * every package of package-lock.json with one is recorded in package.json's `allowScripts`
 * (scripts/install-scripts.mjs). Reads the files only: no network, no install.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAllowScripts, installScripts } from '../../../scripts/install-scripts.mjs';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));
const lockfile = read('package-lock.json');
const { allowScripts } = read('package.json');

describe('allowScripts', () => {
  it('records every install script of package-lock.json, and nothing else', () => {
    expect(installScripts(lockfile).length).toBeGreaterThan(0);
    expect(checkAllowScripts(lockfile, allowScripts)).toEqual({ unrecorded: [], unused: [] });
  });

  it('records vue-demi (through Scalar) as not needed: its default files are already those for Vue 3', () => {
    expect(installScripts(lockfile).filter(({ name }) => name === 'vue-demi').length).toBeGreaterThan(0);
    expect(allowScripts['vue-demi']).toBe(false);
  });
});

describe('checkAllowScripts', () => {
  const planted = {
    packages: {
      '': { name: 'ringbinder', hasInstallScript: true },
      'node_modules/sharp': { version: '0.34.5', hasInstallScript: true },
      'node_modules/a/node_modules/@scope/native': { version: '1.2.3', hasInstallScript: true },
      'node_modules/plain': { version: '1.0.0' },
      'node_modules/linked': { hasInstallScript: true, link: true },
    },
  };

  it('finds a new package with an install script, nested or scoped, not the project itself nor a link', () => {
    expect(checkAllowScripts(planted, { sharp: false })).toEqual({
      unrecorded: [{ name: '@scope/native', version: '1.2.3', path: 'node_modules/a/node_modules/@scope/native' }],
      unused: [],
    });
  });

  it('takes an entry pinned to the version, not to another version', () => {
    expect(checkAllowScripts(planted, { sharp: false, '@scope/native@1.2.3': true }).unrecorded).toEqual([]);
    expect(checkAllowScripts(planted, { sharp: false, '@scope/native@1.2.4': true })).toEqual({
      unrecorded: [{ name: '@scope/native', version: '1.2.3', path: 'node_modules/a/node_modules/@scope/native' }],
      unused: ['@scope/native@1.2.4'],
    });
  });

  it('names an entry no package needs any more', () => {
    expect(checkAllowScripts(planted, { sharp: false, '@scope/native': false, esbuild: false }).unused).toEqual(['esbuild']);
  });
});
