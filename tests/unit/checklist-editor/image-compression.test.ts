import { describe, expect, it } from 'vitest';
import { fitWithin, FORM_MEDIA_QUALITY, isCompressible, jpegName } from '../../../src/client/image-compression.ts';
import { localInputValue } from '../../../islands/checklist-editor/datetime-input.ts';

describe('image compression (documentation §5)', () => {
  it('compresses checklist media at quality 0.8', () => {
    expect(FORM_MEDIA_QUALITY).toBe(0.8);
  });

  it.each([
    [4000, 3000, 2560, 1440, { width: 1920, height: 1440 }],
    [1000, 500, 2560, 1440, { width: 1000, height: 500 }],
    [3000, 4000, 1440, 2560, { width: 1440, height: 1920 }],
    [5000, 10, 256, 256, { width: 256, height: 1 }],
    [800, 600, Infinity, Infinity, { width: 800, height: 600 }],
  ])('fits %i×%i inside %s×%s, never larger, at least 1 px', (width, height, maxWidth, maxHeight, expected) => {
    expect(fitWithin(width, height, maxWidth, maxHeight)).toEqual(expected);
  });

  it('redraws JPEG, PNG and WebP only', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'IMAGE/PNG'].map(isCompressible)).toEqual([true, true, true, true]);
    expect(['image/gif', 'application/pdf', 'video/mp4', ''].map(isCompressible)).toEqual([false, false, false, false]);
  });

  it.each([
    ['photo.png', 'photo.jpg'],
    ['photo.JPEG', 'photo.jpg'],
    ['my.holiday.webp', 'my.holiday.jpg'],
    ['noextension', 'noextension.jpg'],
    ['.png', 'image.jpg'],
  ])('names the compressed %s %s', (name, expected) => {
    expect(jpegName(name)).toBe(expected);
  });
});

describe('datetime settings as datetime-local values', () => {
  it('shows an instant in local time to the minute; nothing for no value', () => {
    const at = new Date(2025, 2, 1, 9, 5, 30);
    expect(localInputValue(at.toISOString())).toBe('2025-03-01T09:05');
    expect(localInputValue(null)).toBe('');
    expect(localInputValue('')).toBe('');
    expect(localInputValue('not a date')).toBe('');
  });
});
