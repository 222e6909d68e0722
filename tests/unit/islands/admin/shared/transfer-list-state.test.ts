/** The transfer list's sides and moves (islands/admin/shared/TransferList.tsx). */
import { describe, expect, it } from 'vitest';
import { movedMessage, moveOptions, sidesOf, withOptions } from '../../../../../islands/admin/shared/transfer-list-state.ts';

const options = [
  { id: 'a', name: 'Auditor' },
  { id: 'b', name: 'Baker' },
  { id: 'c', name: 'Cook' },
];

describe('sidesOf', () => {
  it('splits the options in their own order; unknown ids are dropped', () => {
    expect(sidesOf(options, ['c', 'a', 'zz'])).toEqual({ available: [options[1]], chosen: [options[0], options[2]] });
  });
});

describe('moveOptions', () => {
  it('moves the selected options to the chosen side, in the options order', () => {
    expect(moveOptions(options, ['c'], ['a'], 'chosen')).toEqual(['a', 'c']);
  });
  it('moves them back', () => {
    expect(moveOptions(options, ['a', 'b', 'c'], ['b', 'c'], 'available')).toEqual(['a']);
  });
  it('moving what is already there changes nothing', () => {
    expect(moveOptions(options, ['a'], ['a'], 'chosen')).toEqual(['a']);
    expect(moveOptions(options, ['a'], ['b'], 'available')).toEqual(['a']);
  });
});

describe('withOptions', () => {
  it('adds the held options the list lacks, sorted by name ignoring case', () => {
    expect(withOptions([options[2]!], [{ id: 'x', name: 'aardvark' }, options[2]!]).map((o) => o.id)).toEqual(['x', 'c']);
  });
});

describe('movedMessage', () => {
  it('counts in words', () => {
    expect(movedMessage(1, ['role', 'roles'], 'Chosen')).toBe('1 role moved to Chosen.');
    expect(movedMessage(3, ['role', 'roles'], 'Available')).toBe('3 roles moved to Available.');
  });
});
