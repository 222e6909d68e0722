/**
 * A presentation's pages show files: each page's `media`, `media_thumb` and `media_small` must be finished uploads of
 * the very document being saved (documentation §3, §7 sign-content-upload: "upload_id stored as media").
 * Checked on every save from a body — POST with contents, PUT with contents or draft_contents — after
 * `requireOwnIds` (which already refused other organisations' ids, naming the field):
 *
 * - an upload of another document of this organisation, one that was signed but never arrived, or one
 *   that names nothing → 422 `contents.pages.{id}.media: is not a file uploaded to this document`;
 * - a new document (POST) has no uploads yet, so its pages cannot show any: create it empty, then sign
 *   uploads for it and save the pages (the editor does exactly this).
 *
 * "Finished" is THE rule of services/checklists/uploads.ts (`completedUploadsOf`): marked complete when it
 * arrived (local driver), or found in storage with the signed size and type on first use (S3 driver).
 */
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/connection.ts';
import { validationFailed } from '../../errors.ts';
import { completedUploadsOf } from '../checklists/uploads.ts';
import type { StoredId } from '../own-ids.ts';

export const NOT_THIS_DOCUMENTS = 'is not a file uploaded to this document';

/**
 * 422 naming every upload field among `stored` (from `idsInContents`) that is not a finished upload of
 * the document `documentId` (undefined: a document not created yet, which has none).
 */
export async function requireDocumentMedia(
  db: Queryable,
  config: Config,
  scope: { orgId: string; documentId: string | undefined },
  stored: readonly StoredId[],
  now: Date,
): Promise<void> {
  const media = stored.filter((s) => s.kind === 'upload');
  if (media.length === 0) return;
  const finished =
    scope.documentId === undefined
      ? new Set<string>()
      : await completedUploadsOf(db, config, { orgId: scope.orgId, documentId: scope.documentId }, media.map((s) => s.id.toLowerCase()), now);
  const errors = media.filter((s) => !finished.has(s.id.toLowerCase())).map((s) => ({ field: s.field, message: NOT_THIS_DOCUMENTS }));
  if (errors.length > 0) throw validationFailed(errors);
}
