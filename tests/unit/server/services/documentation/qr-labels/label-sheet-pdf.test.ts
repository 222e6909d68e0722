import { describe, expect, it } from 'vitest';
import { wrap, wrapPath } from '../../../../../../src/server/services/documentation/qr-labels/label-sheet-pdf.ts';

/** A line fits when it has at most `n` characters (the PDF measures points in the line's fonts). */
const upTo = (n: number) => (line: string) => [...line].length <= n;

describe("a label's text: wrapped to its box and ellipsized", () => {
  it('breaks between words, as many lines as needed within the most allowed', () => {
    expect(wrap('Daily check', upTo(20), 3)).toEqual(['Daily check']);
    expect(wrap('Forklift inspection before the shift', upTo(12), 3)).toEqual(['Forklift', 'inspection', 'before the…']);
    expect(wrap('Forklift inspection', upTo(12), 3)).toEqual(['Forklift', 'inspection']);
  });

  it('ends the last line with … when the text goes on, filled as far as it fits', () => {
    expect(wrap('one two three four five six', upTo(9), 2)).toEqual(['one two', 'three fo…']);
    expect(wrap('one two three four', upTo(16), 1)).toEqual(['one two three f…']);
  });

  it('breaks a word longer than a line inside it', () => {
    expect(wrap('Supercalifragilistic', upTo(8), 3)).toEqual(['Supercal', 'ifragili', 'stic']);
    expect(wrap('Supercalifragilisticexpialidocious', upTo(8), 2)).toEqual(['Supercal', 'ifragil…']);
  });

  it('counts characters, not UTF-16 units (CJK, emoji)', () => {
    expect(wrap('起重机起重机', upTo(3), 2)).toEqual(['起重机', '起重机']);
  });

  it('gives no lines when there is no room', () => {
    expect(wrap('Daily check', upTo(20), 0)).toEqual([]);
  });

  it('keeps the end of a path: the nearest folders say most', () => {
    const path = 'Documentation › Plant A › Building 7 › Compressor room';
    expect(wrapPath(path, upTo(60), 1)).toEqual([path]);
    expect(wrapPath(path, upTo(40), 1)).toEqual(['… › Building 7 › Compressor room']);
    expect(wrapPath(path, upTo(20), 1)).toEqual(['… › Compressor room']);
    expect(wrapPath(path, upTo(20), 2)).toEqual(['… › Building 7 ›', 'Compressor room']);
  });

  it('cuts a single folder name too long for the room at its end', () => {
    expect(wrapPath('Documentation › An extremely long folder name', upTo(16), 1)).toEqual(['Documentation ›…']);
  });
});
