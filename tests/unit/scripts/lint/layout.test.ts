/**
 * The layout table (scripts/lint/layout.js) stays true to the repository: every folder and file it
 * names exists, and every unit test sits at the mirrored path of the module it tests.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connections, folders, packages, rawRequests, schemaModules, unitTestSubjects } from '../../../../scripts/lint/layout.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const exists = (path: string) => existsSync(`${root}${path}`);

/** Every `*.test.ts` under tests/unit, from the repository root. */
function unitTests(folder = 'tests/unit'): string[] {
  return readdirSync(`${root}${folder}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return unitTests(path);
    return path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the layout table', () => {
  it('names folders and files that exist', () => {
    const named = [
      ...Object.keys(folders).filter((key) => !key.includes('*')),
      ...Object.values(folders).flatMap((rule) => rule.may.filter((place) => place !== '**')),
      ...packages.flatMap((pkg) => pkg.only),
      schemaModules.in,
      ...rawRequests.in,
      ...rawRequests.except,
      ...connections.except,
    ];
    expect([...new Set(named)].filter((path) => !exists(path))).toEqual([]);
  });

  it('finds each unit test at the mirrored path of its module (tests/unit/<path>/<module>.test.ts)', () => {
    const tests = unitTests();
    expect(tests.length).toBeGreaterThan(20);
    expect(tests.filter((test) => !unitTestSubjects(test).some(exists))).toEqual([]);
  });
});
