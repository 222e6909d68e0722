import { describe, expect, it } from 'vitest';
import { shapeName } from '../../../../src/shared/presentations/shape-name.ts';

describe('shapeName: one name for a shape, in the editor and the viewer (issue #43)', () => {
  it('is its description’s first line, else its colour and kind', () => {
    expect(shapeName({ description: '  Loose bolt \nsecond line', color: 'red', shape: 'rectangle' })).toBe('Loose bolt');
    expect(shapeName({ description: '', color: 'blue', shape: 'ellipse' })).toBe('Blue ellipse');
    expect(shapeName({ description: '   ', color: 'red', shape: 'rectangle' })).toBe('Red rectangle');
  });
});
