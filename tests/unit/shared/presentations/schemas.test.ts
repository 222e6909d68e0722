/** The zod schemas of a presentation's contents: pages, shapes, and the index that orders them. */
import { describe, expect, it } from 'vitest';
import {
  MAX_PAGE_DESCRIPTION_LENGTH,
  MAX_SHAPE_DESCRIPTION_LENGTH,
  MAX_SHAPES_PER_PAGE,
  MIN_SHAPE_SIZE,
  SHAPE_COLOURS,
  SHAPE_KINDS,
  type Page,
  type Shape,
} from '../../../../src/shared/presentations/model.ts';
import { pageSchema, presentationContents, shapeSchema } from '../../../../src/shared/presentations/schemas.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

const MEDIA = '0199a000-0000-7000-8000-000000000001';
const THUMB = '0199a000-0000-7000-8000-000000000002';
const SMALL = '0199a000-0000-7000-8000-000000000003';

const shape = (changes: Record<string, unknown> = {}): Shape & Record<string, unknown> => ({
  id: 's1',
  x: 10,
  y: 20.5,
  width: 60,
  height: 30,
  rotation: 45,
  color: 'red',
  strokeWidth: 1,
  shape: 'rectangle',
  description: 'a crack',
  ...changes,
});

const page = (pageID: string, changes: Record<string, unknown> = {}): Page & Record<string, unknown> => ({
  pageID,
  description: '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |',
  content_type: 'image/jpeg',
  media: MEDIA,
  media_thumb: THUMB,
  filename: 'photo.jpg',
  size: 1234,
  lastModified: 1_700_000_000_000,
  shapes: [shape()],
  ...changes,
});

describe('shapeSchema', () => {
  it('takes every kind in every colour and stroke width 1 to 5', () => {
    for (const kind of SHAPE_KINDS) {
      for (const color of SHAPE_COLOURS) {
        for (const strokeWidth of [1, 2, 3, 4, 5]) expect(issues(shapeSchema.safeParse(shape({ shape: kind, color, strokeWidth })))).toEqual([]);
      }
    }
    expect(shapeSchema.safeParse(shape({ width: MIN_SHAPE_SIZE, height: MIN_SHAPE_SIZE, rotation: -720, x: -5 })).success).toBe(true);
  });

  it('accepts the editing state `selected` and drops it', () => {
    for (const selected of [true, false]) {
      const parsed = shapeSchema.safeParse(shape({ selected }));
      expect(parsed.success).toBe(true);
      expect(parsed.data).not.toHaveProperty('selected');
      expect(parsed.data).toEqual(shape());
    }
    expect(issues(shapeSchema.safeParse(shape({ selected: 'yes' })))).toEqual(['selected: selected must be true or false']);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ color: 'purple' }, 'color: color must be one of red, blue, yellow, orange, green, black'],
    [{ color: '#ff0000' }, 'color: color must be one of red, blue, yellow, orange, green, black'],
    [{ strokeWidth: 0 }, 'strokeWidth: strokeWidth must be 1 to 5'],
    [{ strokeWidth: 6 }, 'strokeWidth: strokeWidth must be 1 to 5'],
    [{ strokeWidth: 2.5 }, 'strokeWidth: strokeWidth must be a whole number'],
    [{ width: 0 }, `width: width must be at least ${MIN_SHAPE_SIZE}`],
    [{ height: -3 }, `height: height must be at least ${MIN_SHAPE_SIZE}`],
    [{ width: MIN_SHAPE_SIZE / 2 }, `width: width must be at least ${MIN_SHAPE_SIZE}`],
    [{ x: 'left' }, 'x: x must be a number'],
    [{ rotation: Number.POSITIVE_INFINITY }, 'rotation: rotation must be a number'],
    [{ shape: 'star' }, 'shape: shape must be one of rectangle, ellipse, arrow'],
    [{ description: 'x'.repeat(MAX_SHAPE_DESCRIPTION_LENGTH + 1) }, `description: description must be at most ${MAX_SHAPE_DESCRIPTION_LENGTH} characters`],
    [{ description: '\ud800' }, 'description: description must be valid Unicode text (no unpaired surrogates)'],
    [{ id: '' }, 'id: id must not be empty'],
    [{ fill: 'red' }, ': Unrecognized key: "fill"'],
  ])('refuses %o', (changes, message) => {
    expect(issues(shapeSchema.safeParse(shape(changes)))[0]).toContain(message);
  });

  it('names a missing field', () => {
    const { color: _color, ...rest } = shape();
    expect(issues(shapeSchema.safeParse(rest))).toEqual(['color: Field required']);
  });
});

describe('pageSchema', () => {
  it('takes an image page, and a PDF or video page without a thumbnail', () => {
    expect(issues(pageSchema.safeParse(page('p1')))).toEqual([]);
    expect(issues(pageSchema.safeParse(page('p1', { content_type: 'application/pdf', media_thumb: null, shapes: [] })))).toEqual([]);
    expect(issues(pageSchema.safeParse(page('p1', { content_type: 'video/mp4', media_thumb: null })))).toEqual([]);
  });

  it("keeps a picture's size in pixels (issue #31), and takes a page without one (stored before)", () => {
    expect(pageSchema.parse(page('p1', { width: 1440, height: 2560 }))).toMatchObject({ width: 1440, height: 2560 });
    expect(pageSchema.parse(page('p1'))).not.toHaveProperty('width');
  });

  it('keeps a phone-size picture (ours), and takes a page without one or with null', () => {
    expect(pageSchema.parse(page('p1', { media_small: SMALL, width: 2560, height: 1440 }))).toMatchObject({ media_small: SMALL });
    expect(pageSchema.parse(page('p1'))).not.toHaveProperty('media_small');
    expect(issues(pageSchema.safeParse(page('p1', { content_type: 'application/pdf', media_thumb: null, media_small: null })))).toEqual([]);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ media: 'not-an-id' }, 'media: media must be an upload id'],
    [{ media: null }, 'media: media must be an upload id'],
    [{ media_thumb: 'x' }, 'media_thumb: media_thumb must be an upload id'],
    [{ media_small: 'small.jpg' }, 'media_small: media_small must be an upload id'],
    [{ media_small: 7 }, 'media_small: media_small must be an upload id'],
    [{ content_type: 'text/html' }, 'content_type: content_type must be one of image/jpeg'],
    [{ description: 'x'.repeat(MAX_PAGE_DESCRIPTION_LENGTH + 1) }, `description: description must be at most ${MAX_PAGE_DESCRIPTION_LENGTH} characters`],
    [{ size: -1 }, 'size: size must not be negative'],
    [{ lastModified: -1 }, 'lastModified: lastModified must be a time in milliseconds since 1970'],
    [{ width: 0 }, 'width: width must be at least 1'],
    [{ height: 1.5 }, 'height: height must be a whole number of pixels'],
    [{ width: 100_001 }, 'width: width must be at most 100000'],
    [{ shapes: 'none' }, 'shapes: shapes must be a list of shapes'],
    [{ shapes: Array.from({ length: MAX_SHAPES_PER_PAGE + 1 }, (_, i) => shape({ id: `s${i}` })) }, `shapes: a page holds at most ${MAX_SHAPES_PER_PAGE} shapes`],
    [{ shapes: [shape(), shape()] }, 'shapes.1.id: s1 is the id of another shape on this page'],
    [{ shapes: [shape({ color: 'pink' })] }, 'shapes.0.color: color must be one of'],
    [{ title: 'x' }, ': Unrecognized key: "title"'],
  ])('refuses %o', (changes, message) => {
    expect(issues(pageSchema.safeParse(page('p1', changes)))[0]).toContain(message);
  });
});

describe('presentationContents', () => {
  it('takes an empty presentation and pages in their order', () => {
    expect(presentationContents.safeParse({ pages: {}, page_index: [] }).success).toBe(true);
    const contents = { pages: { p1: page('p1'), p2: page('p2') }, page_index: ['p2', 'p1'] };
    expect(presentationContents.parse(contents)).toEqual(contents);
  });

  it('drops `selected` from every shape of every page', () => {
    const contents = { pages: { p1: page('p1', { shapes: [shape({ selected: true }), shape({ id: 's2', selected: false })] }) }, page_index: ['p1'] };
    const parsed = presentationContents.parse(contents);
    expect(JSON.stringify(parsed)).not.toContain('selected');
    expect(parsed.pages.p1!.shapes.map((s) => s.id)).toEqual(['s1', 's2']);
  });

  it.each<[unknown, string[]]>([
    [{ pages: { p1: page('p1') }, page_index: [] }, ['page_index: must list page p1']],
    [{ pages: {}, page_index: ['p1'] }, ['page_index.0: p1 is not one of pages']],
    [{ pages: { p1: page('p1') }, page_index: ['p1', 'p1'] }, ['page_index: page_index must not repeat an id']],
    [{ pages: { p1: page('p2') }, page_index: ['p1'] }, ["pages.p1.pageID: must be p1, the page's key"]],
    [{ pages: { p1: page('p1') } }, ['page_index: Field required']],
    [{ pages: [], page_index: [] }, ['pages: pages must map page ids to pages']],
    [{ pages: {}, page_index: [], extra: 1 }, [': Unrecognized key: "extra"']],
    [{ pages: { p1: page('p1', { shapes: [shape({ strokeWidth: 9 })] }) }, page_index: ['p1'] }, ['pages.p1.shapes.0.strokeWidth: strokeWidth must be 1 to 5']],
  ])('refuses %o', (contents, expected) => {
    expect(issues(presentationContents.safeParse(contents))).toEqual(expected);
  });
});
