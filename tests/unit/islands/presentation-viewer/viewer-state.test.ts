import { describe, expect, it } from 'vitest';
import {
  clampPanel,
  fileSize,
  kindBadge,
  orderedPages,
  pageAfterKey,
  pageKind,
  selectShape,
  sharperPictureWanted,
} from '../../../../islands/presentation-viewer/viewer-state.ts';
import type { Page, Shape } from '../../../../src/shared/presentations/model.ts';

const shape = (id: string, extra: Partial<Shape> = {}): Shape => ({
  id,
  x: 1,
  y: 2,
  width: 30,
  height: 40,
  rotation: 0,
  color: 'red',
  strokeWidth: 1,
  shape: 'rectangle',
  description: '',
  ...extra,
});

const page = (id: string, extra: Partial<Page> = {}): Page => ({
  pageID: id,
  description: '',
  content_type: 'image/jpeg',
  media: `m-${id}`,
  media_thumb: `t-${id}`,
  filename: `${id}.jpg`,
  size: 1000,
  lastModified: 0,
  shapes: [],
  ...extra,
});

describe('orderedPages', () => {
  it('follows page_index, each page once, skipping ids without a page', () => {
    const contents = { pages: { a: page('a'), b: page('b'), c: page('c') }, page_index: ['c', 'a', 'x', 'a', 'b'] };
    expect(orderedPages(contents).map((p) => p.pageID)).toEqual(['c', 'a', 'b']);
  });

  it('is empty for empty or malformed contents', () => {
    expect(orderedPages({ pages: {}, page_index: [] })).toEqual([]);
    expect(orderedPages(null)).toEqual([]);
    expect(orderedPages({ questions: [] })).toEqual([]);
    expect(orderedPages({ pages: { a: page('a') }, page_index: 'a' })).toEqual([]);
  });

  it('keeps drawable shapes only and fills in what a page lacks', () => {
    const odd = { ...page('a'), shapes: [shape('s1'), { id: 's2', shape: 'star' }, shape('s3', { color: 'pink' as never })], media_thumb: undefined };
    const [only] = orderedPages({ pages: { a: odd }, page_index: ['a'] });
    expect(only?.shapes.map((s) => s.id)).toEqual(['s1']);
    expect(only?.media_thumb).toBeNull();
  });

  it('does not take an inherited key for a page', () => {
    expect(orderedPages({ pages: {}, page_index: ['toString', '__proto__'] })).toEqual([]);
  });
});

describe('pageAfterKey', () => {
  it('arrow keys move one page, stopping at the ends', () => {
    expect(pageAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(pageAfterKey('ArrowDown', 1, 3)).toBe(2);
    expect(pageAfterKey('ArrowRight', 2, 3)).toBeNull();
    expect(pageAfterKey('ArrowLeft', 2, 3)).toBe(1);
    expect(pageAfterKey('ArrowUp', 0, 3)).toBeNull();
  });

  it('Home and End go to the first and last page; other keys do nothing', () => {
    expect(pageAfterKey('Home', 2, 3)).toBe(0);
    expect(pageAfterKey('End', 0, 3)).toBe(2);
    expect(pageAfterKey('Enter', 0, 3)).toBeNull();
    expect(pageAfterKey('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('selectShape', () => {
  it('a first select selects, a second select of the same shape zooms onto it', () => {
    expect(selectShape(null, 's1')).toEqual({ selected: 's1', zoom: false });
    expect(selectShape('s1', 's1')).toEqual({ selected: 's1', zoom: true });
    expect(selectShape('s1', 's2')).toEqual({ selected: 's2', zoom: false });
    expect(selectShape('s1', null)).toEqual({ selected: null, zoom: false });
  });
});

describe('the annotation list and thumbnails', () => {
  it('tells images, videos, PDFs and other files apart', () => {
    expect(pageKind({ content_type: 'image/png' })).toBe('image');
    expect(pageKind({ content_type: 'video/mp4' })).toBe('video');
    expect(pageKind({ content_type: 'application/pdf' })).toBe('pdf');
    expect(pageKind({ content_type: 'application/zip' })).toBe('file');
    expect(kindBadge({ content_type: 'application/pdf', filename: 'a.pdf' })).toBe('PDF');
    expect(kindBadge({ content_type: 'application/zip', filename: 'a.zip' })).toBe('ZIP');
    expect(kindBadge({ content_type: 'application/octet-stream', filename: 'noname' })).toBe('File');
  });

  it('writes file sizes for people', () => {
    expect(fileSize(812)).toBe('812 bytes');
    expect(fileSize(14_540)).toBe('14.2 KB');
    expect(fileSize(3_565_158)).toBe('3.4 MB');
  });

  it('keeps a panel within its limits', () => {
    expect(clampPanel(2, 5, 500)).toBe(5);
    expect(clampPanel(800, 5, 500)).toBe(500);
    expect(clampPanel(120.4, 5, 500)).toBe(120);
    expect(clampPanel(50, 15, 10)).toBe(15);
  });
});

describe('sharperPictureWanted: zooming in beyond the small picture asks for the full one', () => {
  // A 2560-unit page on a 390 px canvas: fitted at 390 / 2560 px a unit.
  const fit = 390 / 2560;
  it('not while the small picture has the pixels the screen shows', () => {
    expect(sharperPictureWanted(1280, 2560, fit, 1)).toBe(false);
    expect(sharperPictureWanted(1280, 2560, fit * 3, 1)).toBe(false); // zoom 3 at 1×: 1170 px
    expect(sharperPictureWanted(1280, 2560, fit, 3)).toBe(false); // 3× screen: 1170 px
  });

  it('once the page is drawn wider than the small picture, in device pixels', () => {
    expect(sharperPictureWanted(1280, 2560, fit * 4, 1)).toBe(true); // zoom 4: 1560 px
    expect(sharperPictureWanted(1280, 2560, fit * 2, 3)).toBe(true); // zoom 2 at 3×: 2340 px
    expect(sharperPictureWanted(1280, 2560, 0.5, 1)).toBe(false); // exactly 1280 px
    expect(sharperPictureWanted(1280, 2560, 0.51, 1)).toBe(true);
  });

  it('never for the full picture itself', () => {
    expect(sharperPictureWanted(2560, 2560, 10, 3)).toBe(false);
  });
});
