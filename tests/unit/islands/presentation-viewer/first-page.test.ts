import { describe, expect, it } from 'vitest';
import { firstPageImage } from '../../../../islands/presentation-viewer/first-page.ts';
import { orderedPages, pageKind } from '../../../../islands/presentation-viewer/viewer-state.ts';

const page = (media: string, content_type?: string) => ({ media, description: '', filename: `${media}.bin`, size: 1, lastModified: 0, shapes: [], media_thumb: null, ...(content_type ? { content_type } : {}) });

describe('a presentation’s first page image, read before the viewer loads', () => {
  const cases: [string, unknown][] = [
    ['an image first', { pages: { a: page('u-a', 'image/jpeg'), b: page('u-b', 'application/pdf') }, page_index: ['a', 'b'] }],
    ['a PDF first', { pages: { a: page('u-a', 'image/jpeg'), b: page('u-b', 'application/pdf') }, page_index: ['b', 'a'] }],
    ['ids without a page, twice, or without media skipped', { pages: { a: page('u-a', 'image/png'), c: { description: 'no media' } }, page_index: ['x', 'c', 'a', 'a'] }],
    ['no content type', { pages: { a: page('u-a') }, page_index: ['a'] }],
    ['no pages', { pages: {}, page_index: [] }],
    ['not contents at all', null],
  ];

  it.each(cases)('is the page the viewer shows first, when it is an image: %s', (_, contents) => {
    const shown = orderedPages(contents)[0];
    const expected = shown && pageKind(shown) === 'image' ? { media: shown.media, contentType: shown.content_type, read: shown.media } : undefined;
    expect(firstPageImage(contents)).toEqual(expected);
  });

  it('is read for an image first page only', () => {
    expect(firstPageImage(cases[0]![1])).toEqual({ media: 'u-a', contentType: 'image/jpeg', read: 'u-a' });
    expect(firstPageImage(cases[1]![1])).toBeUndefined();
  });

  it('reads its phone-size picture instead on a screen no wider than it (in device pixels)', () => {
    const large = { ...page('u-a', 'image/jpeg'), media_small: 'u-a-small', width: 2560, height: 1440 };
    const contents = { pages: { a: large }, page_index: ['a'] };
    expect(firstPageImage(contents, 390)).toEqual({ media: 'u-a', contentType: 'image/jpeg', read: 'u-a-small' });
    expect(firstPageImage(contents, 1280)?.read).toBe('u-a-small');
    expect(firstPageImage(contents, 1920)?.read).toBe('u-a');
    // Without its stored size the small picture cannot stand in (the shapes' units): the full one.
    const { width: _w, height: _h, ...sizeless } = large;
    expect(firstPageImage({ pages: { a: sizeless }, page_index: ['a'] }, 390)?.read).toBe('u-a');
  });
});
