/**
 * zod schemas of a presentation's contents (documentation §3 "Presentation contents", "Shape"): the
 * server checks every save with them (POST and PUT, `contents` and `draft_contents`); the browser never
 * imports this module (the model, ./model.ts, is zod-free).
 *
 * Strict: a page or a shape with a field the model does not know is refused, naming the field — except
 * the editing state `selected` on a shape (§3 "Also selected in editing state"), which an editor may send
 * and which is dropped here, so it is never stored. Whether `media`, `media_thumb` and `media_small` are finished
 * uploads of the document being saved is the server's check (services/presentations/media.ts): it needs
 * the database.
 */
import { z } from 'zod';
import { idIndex, indexRefersTo, isWellFormed, NOT_WELL_FORMED, storable, unlessMissing } from '../api/contents.ts';
import { MAX_NAME_LENGTH } from '../api/doctypes-and-limits.ts';
import { UPLOAD_CONTENT_TYPES } from '../constants.ts';
import {
  MAX_PAGE_DESCRIPTION_LENGTH,
  MAX_PAGE_IMAGE_SIDE,
  MAX_PAGES,
  MAX_SHAPE_DESCRIPTION_LENGTH,
  MAX_SHAPES_PER_PAGE,
  MAX_STROKE_WIDTH,
  MIN_SHAPE_SIZE,
  MIN_STROKE_WIDTH,
  SHAPE_COLOURS,
  SHAPE_KINDS,
  type Page,
  type PresentationContents,
  type Shape,
} from './model.ts';

/** Longest shape id or page id (ids are UUIDs or the editor's short ids). */
export const MAX_ID_LENGTH = 100;

const text = (what: string, max: number) =>
  z
    .string({ error: unlessMissing(`${what} must be text`) })
    .max(max, `${what} must be at most ${max} characters`)
    .refine(isWellFormed, `${what} ${NOT_WELL_FORMED}`);
const finite = (what: string) => z.number({ error: unlessMissing(`${what} must be a number`) });
const size = (what: string) => finite(what).min(MIN_SHAPE_SIZE, `${what} must be at least ${MIN_SHAPE_SIZE}`);
const uploadId = (what: string) => z.uuid({ error: unlessMissing(`${what} must be an upload id`) });
/** An object's own message when it is not an object (or is missing); zod's for its keys ('Unrecognized key: "fill"'). */
const notAnObject = (message: string) => (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' ? unlessMissing(message)(issue) : undefined;
const pixels = (what: string) =>
  z
    .int({ error: unlessMissing(`${what} must be a whole number of pixels`) })
    .min(1, `${what} must be at least 1`)
    .max(MAX_PAGE_IMAGE_SIDE, `${what} must be at most ${MAX_PAGE_IMAGE_SIDE}`);
const strokeRange = `strokeWidth must be ${MIN_STROKE_WIDTH} to ${MAX_STROKE_WIDTH}`;

export const shapeSchema = z
  .strictObject(
    {
      id: z.string({ error: unlessMissing('id must be text') }).min(1, 'id must not be empty').max(MAX_ID_LENGTH, `id must be at most ${MAX_ID_LENGTH} characters`),
      x: finite('x'),
      y: finite('y'),
      width: size('width'),
      height: size('height'),
      rotation: finite('rotation'),
      color: z.enum(SHAPE_COLOURS, { error: unlessMissing(`color must be one of ${SHAPE_COLOURS.join(', ')}`) }),
      strokeWidth: z
        .int({ error: unlessMissing('strokeWidth must be a whole number') })
        .min(MIN_STROKE_WIDTH, strokeRange)
        .max(MAX_STROKE_WIDTH, strokeRange),
      shape: z.enum(SHAPE_KINDS, { error: unlessMissing(`shape must be one of ${SHAPE_KINDS.join(', ')}`) }),
      description: text('description', MAX_SHAPE_DESCRIPTION_LENGTH),
      /** The editing state: accepted, then dropped below. */
      selected: z.boolean({ error: 'selected must be true or false' }).optional(),
    },
    { error: notAnObject('each shape must be an object') },
  )
  .transform(({ selected: _selected, ...shape }): Shape => shape);

export const pageSchema = z.strictObject(
  {
    pageID: z.string({ error: unlessMissing('pageID must be text') }),
    description: text('description', MAX_PAGE_DESCRIPTION_LENGTH),
    content_type: z.enum(UPLOAD_CONTENT_TYPES, { error: unlessMissing(`content_type must be one of ${UPLOAD_CONTENT_TYPES.join(', ')}`) }),
    media: uploadId('media'),
    media_thumb: uploadId('media_thumb').nullable(),
    media_small: uploadId('media_small').nullish(),
    filename: text('filename', MAX_NAME_LENGTH),
    size: z.int({ error: unlessMissing('size must be a whole number of bytes') }).min(0, 'size must not be negative'),
    lastModified: finite('lastModified').min(0, 'lastModified must be a time in milliseconds since 1970'),
    width: pixels('width').optional(),
    height: pixels('height').optional(),
    shapes: z
      .array(shapeSchema, { error: unlessMissing('shapes must be a list of shapes') })
      .max(MAX_SHAPES_PER_PAGE, `a page holds at most ${MAX_SHAPES_PER_PAGE} shapes`)
      .superRefine((shapes, ctx) => {
        const seen = new Set<string>();
        shapes.forEach((shape, i) => {
          if (seen.has(shape.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${shape.id} is the id of another shape on this page` });
          seen.add(shape.id);
        });
      }),
  },
  { error: notAnObject('each of pages must be an object') },
) satisfies z.ZodType<Page>;

/** Every page sits under its own pageID, and page_index lists every page (that it names only pages: indexRefersTo). */
function pagesAgreeWithIndex(value: { pages: Record<string, Page>; page_index: string[] }, ctx: z.RefinementCtx): void {
  for (const [key, page] of Object.entries(value.pages)) {
    if (page.pageID !== key) ctx.addIssue({ code: 'custom', path: ['pages', key, 'pageID'], message: `must be ${key}, the page's key` });
  }
  const listed = new Set(value.page_index);
  for (const key of Object.keys(value.pages)) {
    if (!listed.has(key)) ctx.addIssue({ code: 'custom', path: ['page_index'], message: `must list page ${key}` });
  }
}

const pageKey = z.string().min(1, 'page ids must not be empty').max(MAX_ID_LENGTH, `page ids must be at most ${MAX_ID_LENGTH} characters`);
const atMostPages = `a presentation holds at most ${MAX_PAGES} pages`;

export const presentationContents = z
  .strictObject(
    {
      pages: z
        .record(pageKey, pageSchema, { error: unlessMissing('pages must map page ids to pages') })
        .refine((pages) => Object.keys(pages).length <= MAX_PAGES, atMostPages),
      page_index: idIndex('page_index').refine((ids) => ids.length <= MAX_PAGES, atMostPages),
    },
    { error: notAnObject('contents must be an object {pages, page_index}') },
  )
  .superRefine(indexRefersTo('pages', 'page_index'))
  .superRefine(pagesAgreeWithIndex)
  .superRefine(storable) satisfies z.ZodType<PresentationContents>;
