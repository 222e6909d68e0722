/** THE one script (elements/ringbinder.ts): it knows every element, so a new one is loadable from other sites. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elementTags } from '../../../elements/ringbinder.ts';

describe('ringbinder.ts', () => {
  it('defines every element of elements/ (each elements/rb-<tag>/rb-<tag>.element.ts)', () => {
    const folders = readdirSync('elements').filter((name) => name.startsWith('rb-') && existsSync(join('elements', name, `${name}.element.ts`)));
    expect([...elementTags].sort()).toEqual(folders.sort());
  });
});
