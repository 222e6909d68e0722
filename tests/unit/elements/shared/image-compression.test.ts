import { describe, expect, it } from 'vitest';
import { containIn, fitWithin, FORM_MEDIA, isCompressible, jpegName, limitsFor } from '../../../../elements/shared/image-compression.ts';

describe('image compression (documentation §5)', () => {
  it('compresses checklist media at quality 0.8, the longest side at most 2560 px', () => {
    expect(FORM_MEDIA).toEqual({ quality: 0.8, maxWidth: 2560, maxHeight: 2560 });
    expect(fitWithin(4032, 3024, FORM_MEDIA.maxWidth, FORM_MEDIA.maxHeight)).toEqual({ width: 2560, height: 1920 });
  });

  it('keeps a landscape preset for every picture when no portrait limits are given', () => {
    expect(limitsFor(FORM_MEDIA, 100, 200)).toEqual({ maxWidth: 2560, maxHeight: 2560 });
  });

  it('places a thumbnail whole and centred in its square', () => {
    expect(containIn(1000, 500, 256)).toEqual({ x: 0, y: 64, width: 256, height: 128 });
    expect(containIn(300, 900, 256)).toEqual({ x: 86, y: 0, width: 85, height: 256 });
    expect(containIn(10, 10, 256)).toEqual({ x: 0, y: 0, width: 256, height: 256 });
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

  it('redraws pictures, but keeps GIF, SVG and anything that is not a picture as it is', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'IMAGE/PNG', 'image/heic'].map(isCompressible)).toEqual([true, true, true, true, true]);
    expect(['image/gif', 'image/svg+xml', 'application/pdf', 'video/mp4', ''].map(isCompressible)).toEqual([false, false, false, false, false]);
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
