/**
 * A submitted row's photos as thumbnails for its PDF (./exports.ts `rowPdf`, drawn by ./row-pdf.ts): at
 * most THUMBNAIL_PX on their longest side, JPEG, made with sharp (loaded on this route only).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { uploads } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { storageFor, storageKeyOf } from '../../storage/index.ts';

/** Photos drawn per row at most (each a thumbnail): a row holds at most 20 per answer. */
export const MAX_PHOTOS = 200;
/** A thumbnail's longest side, in pixels here and in points on the PDF's page (row-pdf.ts). */
export const THUMBNAIL_PX = 160;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

async function streamBytes(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Thumbnails (JPEG) of a row's photos by upload id: completed pictures of the row's checklist only. */
export async function thumbnails(deps: Deps, orgId: string, documentId: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (ids.length === 0) return found;
  const rows = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.orgId, orgId), eq(uploads.documentId, documentId), inArray(uploads.id, [...ids]), isNotNull(uploads.completedAt)));
  const sharp = (await import('sharp')).default;
  const storage = storageFor(deps.config);
  for (const row of rows) {
    if (!IMAGE_TYPES.includes(row.contentType)) continue;
    try {
      const stream = await storage.read(storageKeyOf(row));
      const bytes = stream && (await streamBytes(stream, 30 * 1024 * 1024));
      if (!bytes) continue;
      found.set(row.id, await sharp(bytes).rotate().resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer());
    } catch {
      // A file that is not a picture after all is left out (the PDF says so).
    }
  }
  return found;
}
