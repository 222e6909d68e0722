/**
 * Pictures made smaller in the browser before a signed upload (documentation §5 "Image compression"):
 * drawn onto a canvas, optionally scaled down to fit a box, and written as JPEG at a given quality —
 * 0.8 for checklist media (question pictures and answer photos). Framework-free: the checklist editor
 * and the rb-checklist filler both use it.
 */

/** Quality of question media and answer photos (§5). */
export const FORM_MEDIA_QUALITY = 0.8;

export interface CompressionOptions {
  /** JPEG quality between 0 and 1. */
  quality: number;
  /** The largest width and height the picture may keep (it is scaled down, never up); no limit when absent. */
  maxWidth?: number;
  maxHeight?: number;
}

/** The picture types a canvas can redraw; anything else (GIF animations, PDF, video) is sent as it is. */
const REDRAWN_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function isCompressible(type: string): boolean {
  return REDRAWN_TYPES.has(type.toLowerCase());
}

/** The size that fits `width` × `height` inside the limits, keeping the proportions (never larger, at least 1 px). */
export function fitWithin(width: number, height: number, maxWidth = Infinity, maxHeight = Infinity): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `photo.png` → `photo.jpg`: the name of the compressed file. */
export function jpegName(filename: string): string {
  const base = filename.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.jpg`;
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * The picture as a JPEG File at `options.quality`, scaled to fit the limits. Transparent areas turn
 * white (JPEG has no transparency). Files that are not redrawable pictures come back unchanged.
 */
export async function compressImage(file: File, options: CompressionOptions): Promise<File> {
  if (!isCompressible(file.type)) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, options.maxWidth, options.maxHeight);
    const canvas = canvasOf(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw pictures');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', options.quality));
    if (!blob) throw new Error('The picture could not be compressed');
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
