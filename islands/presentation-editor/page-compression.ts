/**
 * A presentation page's picture before upload (documentation §5): THE compressor
 * (elements/shared/image-compression.ts) with the page's figures from the presentation model — quality
 * 0.6 within 2560×1440 landscape (or square) and 1440×2560 portrait — its 256×256 thumbnail, and (ours)
 * its phone-size picture: at most 1,280 px on its long side, same quality, for a picture larger than that
 * (src/shared/presentations/small-picture.ts).
 */
import { compressImage, jpegName, makeThumbnail, type CompressionOptions } from '../../elements/shared/image-compression.ts';
import {
  PAGE_IMAGE_MAX_LANDSCAPE,
  PAGE_IMAGE_MAX_PORTRAIT,
  PAGE_IMAGE_QUALITY,
  PAGE_THUMBNAIL_SIZE,
} from '../../src/shared/presentations/model.ts';
import { PAGE_SMALL_PICTURE_SIDE, smallPictureSize } from '../../src/shared/presentations/small-picture.ts';

export const PRESENTATION_PAGE: CompressionOptions = {
  quality: PAGE_IMAGE_QUALITY,
  maxWidth: PAGE_IMAGE_MAX_LANDSCAPE.width,
  maxHeight: PAGE_IMAGE_MAX_LANDSCAPE.height,
  portrait: { maxWidth: PAGE_IMAGE_MAX_PORTRAIT.width, maxHeight: PAGE_IMAGE_MAX_PORTRAIT.height },
};

/** The page's thumbnail: 256×256, the whole picture centred on white; undefined for PDF, video and the undrawable. */
export function pageThumbnail(file: File): Promise<File | undefined> {
  return makeThumbnail(file, file.name, PAGE_THUMBNAIL_SIZE, PAGE_IMAGE_QUALITY);
}

/** The phone-size picture's figures: the same quality, at most PAGE_SMALL_PICTURE_SIDE on the long side. */
export const PRESENTATION_SMALL_PICTURE: CompressionOptions = {
  quality: PAGE_IMAGE_QUALITY,
  maxWidth: PAGE_SMALL_PICTURE_SIDE,
  maxHeight: PAGE_SMALL_PICTURE_SIDE,
};

/**
 * The page's phone-size picture, made from its compressed picture `file` of `size`: only for a picture larger
 * than PAGE_SMALL_PICTURE_SIDE on its long side that THE compressor scales (not a GIF or SVG, which it sends as
 * they are); undefined otherwise.
 */
export async function pageSmallPicture(file: File, size: { width: number; height: number } | undefined): Promise<File | undefined> {
  if (!size || !smallPictureSize(size)) return undefined;
  const small = await compressImage(file, PRESENTATION_SMALL_PICTURE);
  if (small === file) return undefined;
  return new File([small], jpegName(file.name).replace(/\.jpg$/, '-small.jpg'), { type: 'image/jpeg', lastModified: small.lastModified });
}

/**
 * A picture's size in pixels, stored with its page (issue #31: the viewer and the server's first paint lay
 * the page out before the image arrives); undefined for anything the browser cannot decode as a picture.
 */
export async function pictureSize(file: File): Promise<{ width: number; height: number } | undefined> {
  if (!file.type.startsWith('image/')) return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : undefined;
  } catch {
    return undefined;
  }
}
