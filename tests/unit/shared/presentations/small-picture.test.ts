/**
 * A page's phone-size picture (src/shared/presentations/small-picture.ts): its size, which pages have one
 * that can be drawn, which picture a screen draws first.
 */
import { describe, expect, it } from 'vitest';
import {
  PAGE_SMALL_PICTURE_SIDE,
  pictureFor,
  smallPictureOf,
  smallPictureSize,
} from '../../../../src/shared/presentations/small-picture.ts';

const page = (changes: Record<string, unknown> = {}) => ({
  media: 'full',
  media_small: 'small' as string | null | undefined,
  content_type: 'image/jpeg',
  width: 2560 as number | undefined,
  height: 1440 as number | undefined,
  ...changes,
});

describe('smallPictureSize', () => {
  it('is at most 1,280 px on its long side, proportions kept, rounded as THE compressor rounds', () => {
    expect(PAGE_SMALL_PICTURE_SIDE).toBe(1280);
    expect(smallPictureSize({ width: 2560, height: 1440 })).toEqual({ width: 1280, height: 720 });
    expect(smallPictureSize({ width: 1440, height: 2560 })).toEqual({ width: 720, height: 1280 });
    expect(smallPictureSize({ width: 1440, height: 1440 })).toEqual({ width: 1280, height: 1280 });
    expect(smallPictureSize({ width: 1920, height: 1081 })).toEqual({ width: 1280, height: 721 });
    expect(smallPictureSize({ width: 1281, height: 20 })).toEqual({ width: 1280, height: 20 });
    expect(smallPictureSize({ width: 5000, height: 1 })).toEqual({ width: 1280, height: 1 });
  });

  it('is none for a picture no larger than that: it gets no small picture', () => {
    expect(smallPictureSize({ width: 1280, height: 720 })).toBeUndefined();
    expect(smallPictureSize({ width: 1280, height: 1280 })).toBeUndefined();
    expect(smallPictureSize({ width: 800, height: 1200 })).toBeUndefined();
  });
});

describe('smallPictureOf: the pages that are drawn from a small picture', () => {
  it('a picture page larger than 1,280 px that stores its size and a small picture', () => {
    expect(smallPictureOf(page())).toEqual({ media: 'small', width: 1280, height: 720, page: { width: 2560, height: 1440 } });
    expect(smallPictureOf(page({ content_type: 'image/png', width: 1440, height: 2560 }))).toEqual({ media: 'small', width: 720, height: 1280, page: { width: 1440, height: 2560 } });
  });

  it.each<[string, Record<string, unknown>]>([
    ['a page stored before (no small picture)', { media_small: undefined }],
    ['a page whose small picture is null', { media_small: null }],
    ['a page without its size', { width: undefined, height: undefined }],
    ['a small picture (no larger than 1,280 px)', { width: 1280, height: 720 }],
    ['a PDF', { content_type: 'application/pdf' }],
    ['a video', { content_type: 'video/mp4' }],
  ])('none for %s: drawn as before', (_, changes) => {
    expect(smallPictureOf(page(changes))).toBeUndefined();
    expect(pictureFor(page(changes), 390)).toBe('full');
  });
});

describe('pictureFor: the picture drawn first on a screen', () => {
  it('is the small picture while it is at least as wide as the screen in device pixels, else the full one', () => {
    expect(pictureFor(page(), 390)).toBe('small'); // a phone at 1×
    expect(pictureFor(page(), 1170)).toBe('small'); // 390 px at 3×
    expect(pictureFor(page(), 1280)).toBe('small');
    expect(pictureFor(page(), 1281)).toBe('full');
    expect(pictureFor(page(), 1920)).toBe('full'); // a desktop
    // A portrait page's small picture is 720 px wide.
    expect(pictureFor(page({ width: 1440, height: 2560 }), 720)).toBe('small');
    expect(pictureFor(page({ width: 1440, height: 2560 }), 780)).toBe('full');
  });
});
