/**
 * Photos compressed before upload (documentation §5: quality 0.8 for form media). Kept inside the
 * element's folder so the standalone bundle needs nothing from the app. Pictures are redrawn on a canvas
 * and written as JPEG; a file that cannot be decoded, or whose JPEG would be larger, is kept as it is.
 */

export const PHOTO_QUALITY = 0.8;
/** The longest side a photo keeps: enough to read a label, far less than a phone camera's 4000+ px. */
export const PHOTO_MAX_SIDE = 2560;

export interface CompressedPhoto {
  blob: Blob;
  name: string;
  type: string;
}

/** The size a picture is drawn at: its own, or scaled down so that its longest side is `maxSide`. */
export function fittedSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'IMG_0001.HEIC' → 'IMG_0001.jpg'. */
export function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${stem}.jpg`;
}

export async function compressPhoto(file: File, quality = PHOTO_QUALITY): Promise<CompressedPhoto> {
  const original: CompressedPhoto = { blob: file, name: file.name || 'photo', type: file.type };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return original;
  }
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return original;
    context.fillStyle = '#ffffff'; // transparent parts of a PNG become white, not black
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return original;
    const scaled = width !== bitmap.width || height !== bitmap.height;
    if (!scaled && file.type === 'image/jpeg' && blob.size >= file.size) return original;
    return { blob, name: jpegName(file.name), type: 'image/jpeg' };
  } finally {
    bitmap.close();
  }
}
