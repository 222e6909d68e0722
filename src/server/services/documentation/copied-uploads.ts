/**
 * A copied document keeps working media (issue #14): files are served only through the document they
 * were uploaded to (`uploads.document_id`), so a copy gets upload rows of its own — new ids, the copy's
 * document, the same organisation, name, type and size — that share the source's stored file
 * (`uploads.file_of`: no bytes are copied, nothing in storage changes), and the copy's contents name
 * the new ids. Made in the copy's transaction, for every doctype: any string of the contents that is an
 * upload of the source document (a presentation's page media, thumbnails and small pictures, a checklist's question
 * media) is re-pointed. One not confirmed yet (S3: confirmed on first use) is copied unconfirmed; the
 * copy's row is confirmed on its own first use, by the shared file. Uploads that the contents do not name (a checklist's submitted photos,
 * files of pages removed in older versions) stay with the source.
 */
import { and, inArray } from 'drizzle-orm';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { uploads } from '../../db/schema.ts';

/** Ids per IN list: well below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

type UploadRow = typeof uploads.$inferSelect;

/** Every string value in a JSON value that could be an upload id (object keys are not: they are page and question ids). */
function uuidsIn(value: unknown, into: Set<string>): void {
  const pending: unknown[] = [value];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item === 'string') {
      if (isUuid(item)) into.add(item.toLowerCase());
    } else if (Array.isArray(item)) pending.push(...item);
    else if (item !== null && typeof item === 'object') pending.push(...Object.values(item));
  }
}

/** The JSON value with every string that `renamed` maps replaced. */
function rekeyed(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return renamed.get(value.toLowerCase()) ?? value;
  if (Array.isArray(value)) return value.map((v) => rekeyed(v, renamed));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rekeyed(v, renamed)]));
  return value;
}

export interface DocumentCopy {
  sourceId: string;
  copyId: string;
  contents: unknown;
}

/**
 * For documents about to be copied: the copies' contents with their media re-pointed, and the upload
 * rows to insert once the copied documents exist (`insert`).
 */
export async function copiedUploads(
  tx: Queryable,
  copies: readonly DocumentCopy[],
  now: Date,
): Promise<{ contents: unknown[]; insert: () => Promise<void> }> {
  const wanted = new Set<string>();
  for (const copy of copies) uuidsIn(copy.contents, wanted);
  const sourceIds = [...new Set(copies.map((c) => c.sourceId))];
  const found: UploadRow[] = [];
  const ids = [...wanted];
  for (let i = 0; i < ids.length && sourceIds.length > 0; i += CHUNK) {
    found.push(
      ...(await tx
        .select()
        .from(uploads)
        .where(and(inArray(uploads.id, ids.slice(i, i + CHUNK)), inArray(uploads.documentId, sourceIds)))),
    );
  }
  const bySource = new Map<string, UploadRow[]>();
  for (const row of found) bySource.set(row.documentId!, [...(bySource.get(row.documentId!) ?? []), row]);

  const rows: (typeof uploads.$inferInsert)[] = [];
  const contents = copies.map((copy) => {
    const own = bySource.get(copy.sourceId) ?? [];
    if (own.length === 0) return copy.contents;
    const renamed = new Map<string, string>();
    for (const source of own) {
      const id = uuidv7(now.getTime());
      renamed.set(source.id, id);
      rows.push({
        id,
        purpose: 'document',
        orgId: source.orgId,
        documentId: copy.copyId,
        filename: source.filename,
        contentType: source.contentType,
        size: source.size,
        createdBy: source.createdBy,
        createdAt: now,
        expiresAt: source.expiresAt,
        completedAt: source.completedAt,
        fileOf: source.fileOf ?? source.id,
        // The copy's contents name it: used from the start (never taken by the clean-up of unused uploads).
        inUse: true,
      });
    }
    return rekeyed(copy.contents, renamed);
  });
  return {
    contents,
    insert: async () => {
      for (let i = 0; i < rows.length; i += CHUNK / 2) await tx.insert(uploads).values(rows.slice(i, i + CHUNK / 2));
    },
  };
}
