/**
 * A page's phone-size picture (ours, docs/presentations.md "The phone-size picture"): the editor's intake
 * makes, beside the full picture and its thumbnail, a copy at most PAGE_SMALL_PICTURE_SIDE pixels on its
 * long side of every picture larger than that, and stores its upload as the page's `media_small`. The
 * server's first paint offers both to the browser (`srcset`), and the viewer draws the small one while it
 * is sharp enough on the screen, the full one once zoomed beyond it. Shapes stay in the full picture's
 * units: the small picture is drawn at the page's stored width and height.
 *
 * Pure and zod-free (the viewer's first read, the editor, the server's first paint and their tests). It
 * imports no module (the model's types only): the first read is in every signed-in page's layout chunk.
 */
import type { Page } from './model.ts';

/** The phone-size picture's longest side: a picture larger than this on its long side gets one (same quality). */
export const PAGE_SMALL_PICTURE_SIDE = 1280;

export interface PictureSize {
  width: number;
  height: number;
}

/**
 * The size of the small picture of a picture `size` (scaled to fit PAGE_SMALL_PICTURE_SIDE on its long
 * side, rounded as THE compressor rounds); undefined when the picture is no larger than that (it gets none).
 */
export function smallPictureSize(size: PictureSize): PictureSize | undefined {
  if (Math.max(size.width, size.height) <= PAGE_SMALL_PICTURE_SIDE) return undefined;
  const scale = Math.min(PAGE_SMALL_PICTURE_SIDE / size.width, PAGE_SMALL_PICTURE_SIDE / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** A page's small picture as it can be drawn: its upload and size, and the page's own size (its units). */
export interface SmallPicture {
  media: string;
  width: number;
  height: number;
  page: PictureSize;
}

type PictureFields = Pick<Page, 'content_type' | 'media_small' | 'width' | 'height'>;

/**
 * The page's small picture, when it has one that can stand in for the full one: a picture page that stores
 * its size (the small picture is drawn at it) and is larger than the small picture's side. Older pages,
 * small pictures, PDFs and video have none, and are drawn as before.
 */
export function smallPictureOf(page: PictureFields): SmallPicture | undefined {
  // The viewer's first read passes a page as stored (the server checked its fields on every save); the size
  // as model.ts pageImageSize reads it.
  const { media_small: media, width = 0, height = 0 } = page;
  if (typeof media !== 'string' || !page.content_type.startsWith('image/')) return undefined;
  const size = width > 0 && height > 0 ? { width, height } : undefined;
  const small = size && smallPictureSize(size);
  return size && small ? { media, ...small, page: size } : undefined;
}

/**
 * Which upload to draw first for a page on a screen `screenPixels` device pixels wide (the window's width ×
 * devicePixelRatio: what the first paint's `sizes="100vw"` tells the browser): the small picture when it is
 * at least that wide, else the full one.
 */
export function pictureFor(page: PictureFields & Pick<Page, 'media'>, screenPixels: number): string {
  const small = smallPictureOf(page);
  return small && small.width >= screenPixels ? small.media : page.media;
}
