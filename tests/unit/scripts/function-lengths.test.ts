/**
 * Small functions (issue #42): ESLint refuses a function over 120 lines (max-lines-per-function); this
 * counts those over 80. Issue #42 asks for at most 10; CEILING is where the source stands now and only
 * comes down: lower it as functions are split (the list says which are left).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longFunctions } from '../../../scripts/function-lengths.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
/** Issue #42's goal is 10; lowered as the long functions are split (the list says which are left). */
const CEILING = 5;

describe('function lengths', () => {
  it(`no more than ${CEILING} functions over 80 lines (the goal: 10)`, () => {
    const long = longFunctions(root, 80);
    expect(long.map((f) => `${f.lines} ${f.file}:${f.line} ${f.name}`).slice(CEILING)).toEqual([]);
  }, 60_000);

  it('none over 120 lines (eslint refuses them too: max-lines-per-function)', () => {
    expect(longFunctions(root, 120)).toEqual([]);
  }, 60_000);
});
