/**
 * THE image compressor (documentation §5 "Image compression before upload"): a picture is drawn onto a
 * canvas, scaled down to fit a box when it is larger, and written as JPEG at a quality. The numbers are
 * parameters (`FORM_MEDIA`: the spec's quality 0.8 for checklist media — question pictures in the editor
 * and answer photos in the filler; a presentation's pages have theirs in the presentation editor), and
 * `makeThumbnail` draws a square thumbnail. It imports nothing, so the filler carries no other area's figures. Framework-free, in elements/ so that the
 * rb-checklist filler (also built standalone) and the islands (checklist editor, later avatars) share it.
 *
 * One rule for every caller: animations and vector pictures (GIF, SVG) and anything that is not a picture
 * are sent as they are; a picture the browser cannot decode is sent as it is; a JPEG that would come out
 * no smaller (and needs no scaling) stays the original. Transparent areas turn white (JPEG has no alpha).
 */


export interface CompressionOptions {
  /** JPEG quality between 0 and 1. */
  quality: number;
  /** The largest width and height the picture may keep (it is scaled down, never up); no limit when absent. */
  maxWidth?: number;
  maxHeight?: number;
  /** Other limits for a picture taller than it is wide (then `maxWidth`/`maxHeight` are for the others). */
  portrait?: { maxWidth: number; maxHeight: number };
}

/**
 * Checklist media (question pictures, answer photos): quality 0.8 (§5). The longest side is kept to 2560 px
 * (the spec's largest figure; enough to read a label, far below a phone camera's 4000+ px).
 */
export const FORM_MEDIA: CompressionOptions = { quality: 0.8, maxWidth: 2560, maxHeight: 2560 };

/** The limits that apply to a picture of `width` × `height`. */
export function limitsFor(options: CompressionOptions, width: number, height: number): { maxWidth?: number; maxHeight?: number } {
  if (options.portrait && height > width) return options.portrait;
  return { maxWidth: options.maxWidth, maxHeight: options.maxHeight };
}

/** Types sent as they are: animations and vector pictures would lose what they are. */
const KEPT_TYPES = new Set(['image/gif', 'image/svg+xml']);

/** Whether a file of `type` is redrawn as JPEG (pictures, but not GIF or SVG). */
export function isCompressible(type: string): boolean {
  const t = type.toLowerCase();
  return t.startsWith('image/') && !KEPT_TYPES.has(t);
}

/** The size that fits `width` × `height` inside the limits, keeping the proportions (never larger, at least 1 px). */
export function fitWithin(width: number, height: number, maxWidth = Infinity, maxHeight = Infinity): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'IMG_0001.HEIC' → 'IMG_0001.jpg': the name of the compressed file. */
export function jpegName(filename: string): string {
  const base = filename.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.jpg`;
}

/** The picture as a JPEG File at `options.quality`, scaled to fit the limits; otherwise the file itself (see above). */
export async function compressImage(file: File, options: CompressionOptions): Promise<File> {
  if (!isCompressible(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here: the server gets it as it is
  }
  try {
    const limits = limitsFor(options, bitmap.width, bitmap.height);
    const size = fitWithin(bitmap.width, bitmap.height, limits.maxWidth, limits.maxHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', options.quality));
    if (!blob) return file;
    const scaled = size.width !== bitmap.width || size.height !== bitmap.height;
    if (!scaled && file.type.toLowerCase() === 'image/jpeg' && blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** Where a picture of `width` × `height` sits inside a `size` × `size` square: whole, centred, scaled to fit. */
export function containIn(width: number, height: number, size: number): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(size / width, size / height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  return { x: Math.round((size - w) / 2), y: Math.round((size - h) / 2), width: w, height: h };
}

/**
 * The thumbnail of a picture (§5: a presentation's pages have 256×256 ones): a `size` × `size` JPEG with the whole
 * picture centred on white. Undefined for anything the browser cannot draw (PDF, video, an undecodable file).
 */
export async function makeThumbnail(file: Blob, name: string, size: number, quality: number): Promise<File | undefined> {
  if (!file.type.toLowerCase().startsWith('image/')) return undefined;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return undefined;
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    const place = containIn(bitmap.width, bitmap.height, size);
    context.drawImage(bitmap, place.x, place.y, place.width, place.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return undefined;
    return new File([blob], jpegName(name).replace(/\.jpg$/, '-thumb.jpg'), { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
