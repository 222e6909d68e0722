/**
 * The presentation model shared by the server, the viewer and the editor (documentation §1
 * "presentation", §3 "Presentation contents" and "Shape", §5 image compression, §9 shapes and zoom).
 * Pure and zod-free, so the light viewer can import it; the zod schemas are in `./schemas.ts`.
 */

/** The shapes a page's annotations can take. */
export const SHAPE_KINDS = ['rectangle', 'ellipse', 'arrow'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

/** The spec's six colours, the first the default (§9). */
export const SHAPE_COLOURS = ['red', 'blue', 'yellow', 'orange', 'green', 'black'] as const;
export type ShapeColour = (typeof SHAPE_COLOURS)[number];
export const DEFAULT_SHAPE_COLOUR: ShapeColour = 'red';

/** Stroke widths 1 to 5, default 1 (§9). */
export const MIN_STROKE_WIDTH = 1;
export const MAX_STROKE_WIDTH = 5;
export const DEFAULT_STROKE_WIDTH = 1;

/** A new shape's size: 60 units divided by the stage's scale (§9). */
export const DEFAULT_SHAPE_SIZE = 60;
/** The smallest width or height a resize leaves (§4 "about 0.001"). */
export const MIN_SHAPE_SIZE = 0.001;

/** Zoom: never below 1; selecting a shape twice zooms to 2 onto it (§4, §9). */
export const MIN_ZOOM = 1;
export const SELECT_ZOOM = 2;

/** Limits of what a page holds (ours: the spec names none). */
export const MAX_PAGES = 500;
export const MAX_SHAPES_PER_PAGE = 200;
export const MAX_PAGE_DESCRIPTION_LENGTH = 20_000;
export const MAX_SHAPE_DESCRIPTION_LENGTH = 2_000;

/** Image compression of a page before upload (§5): quality 0.6, capped at these sizes, 256×256 thumbnails. */
export const PAGE_IMAGE_QUALITY = 0.6;
export const PAGE_IMAGE_MAX_PORTRAIT = { width: 1440, height: 2560 } as const;
export const PAGE_IMAGE_MAX_LANDSCAPE = { width: 2560, height: 1440 } as const;
export const PAGE_THUMBNAIL_SIZE = 256;

/** One annotation on a page, in the page image's own units (0,0 its top left corner). */
export interface Shape {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees, clockwise. */
  rotation: number;
  color: ShapeColour;
  strokeWidth: number;
  shape: ShapeKind;
  description: string;
}

/** One page: an uploaded image (or other media: PDF, video) with its shapes and a markdown description. */
export interface Page {
  pageID: string;
  /** Markdown (tables, strikethrough and task lists). */
  description: string;
  content_type: string;
  /**
   * Upload ids of this document: the media, its 256×256 thumbnail (none for media without one) and its
   * phone-size picture (ours, ./small-picture.ts: at most 1,280 px on its long side; only a picture larger than
   * that, stored with its width and height; absent on pages stored before, and on PDF, video and small pictures).
   */
  media: string;
  media_thumb: string | null;
  media_small?: string | null;
  filename: string;
  size: number;
  /** The file's own last-modified time, epoch milliseconds. */
  lastModified: number;
  /**
   * A picture's size in pixels, written by the editor as the page's picture is uploaded (ours, issue #31:
   * the spec's page has no size): the viewer and the server's first paint lay the page out before its image
   * has arrived. Pages stored before have none (their image tells the viewer).
   */
  width?: number;
  height?: number;
  shapes: Shape[];
}

export interface PresentationContents {
  pages: Record<string, Page>;
  page_index: string[];
}

/** The most pixels a page's stored width or height may claim (a check, far above the compressor's 2560). */
export const MAX_PAGE_IMAGE_SIDE = 100_000;

/** A picture page's size when its page carries one (the pages stored before issue #31 do not). */
export function pageImageSize(page: Pick<Page, 'width' | 'height'>): { width: number; height: number } | undefined {
  const { width, height } = page;
  return width !== undefined && height !== undefined && width > 0 && height > 0 ? { width, height } : undefined;
}

/** Whether a page's media is drawn on the canvas (an image) rather than downloaded or played. */
export function isImagePage(page: Pick<Page, 'content_type'>): boolean {
  return page.content_type.startsWith('image/');
}

/** The text of a page's thumbnail: the first line of its description (§2 "Viewer"). */
export function pageTitle(page: Pick<Page, 'description'>): string {
  const line = page.description.split('\n').find((l) => l.trim() !== '') ?? '';
  // The first line as text: markdown's heading marks, emphasis and list marks are not part of it.
  return line.replace(/^\s*(#{1,6}\s+|[-*+]\s+(\[[ xX]\]\s+)?|\d+\.\s+|>\s*)/, '').replace(/[*_~`]/g, '').trim();
}
