import { describe, expect, it } from 'vitest';
import { tilesOnFirstScreen } from '../../../../islands/browse/folder-parts.ts';

describe('tilesOnFirstScreen', () => {
  it('draws one column of a phone’s height in tiles of the least height', () => {
    expect(tilesOnFirstScreen(390, 844)).toBe(15);
  });

  it('counts every column a wide window allows', () => {
    expect(tilesOnFirstScreen(1920, 1080)).toBe(8 * 18);
  });

  it('draws at least one tile in a tiny window', () => {
    expect(tilesOnFirstScreen(100, 10)).toBe(1);
  });
});
