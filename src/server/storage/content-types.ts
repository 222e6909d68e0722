/**
 * What a file is by its first bytes ("magic numbers"), for the content types an upload may declare
 * (shared/constants.ts UPLOAD_CONTENT_TYPES). A file whose bytes do not say what it was signed as is
 * refused: the declared type is what it is later served as.
 */
import { UPLOAD_CONTENT_TYPES } from '../../shared/constants.ts';

export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** ISO base media file brands that are MP4 video (not HEIC/AVIF images, not QuickTime). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'MSNV', 'mmp4', 'f4v ']);

/** The content type the bytes show, or undefined for anything else. */
export function sniffContentType(head: Uint8Array): UploadContentType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 0, '%PDF-')) return 'application/pdf';
  if (ascii(head, 4, 'ftyp') && head.length >= 12) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (MP4_BRANDS.has(brand)) return 'video/mp4';
  }
  return undefined;
}

export function isUploadContentType(value: string): value is UploadContentType {
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(value);
}
