/**
 * Signed uploads and the files they bring (documentation §7 sign-content-upload): sign, receive (the
 * default driver's own upload route), confirm for a submission, and look a file up for serving — with
 * a bearer token (Read on the document) or with a short-lived signed address (for <img> and <video>).
 *
 * Who may sign: on a checklist (doctype form) Read is enough, since fillers attach photos to their
 * answers; on presentations, sheets and reports only editors add media, so Write is needed.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { signUploadBody } from '../../../shared/api/documentation-schemas.ts';
import type { MediaUrl, SignedUpload } from '../../../shared/api/documentation.ts';
import { MEDIA_URL_SECONDS, UPLOAD_SIGNATURE_SECONDS } from '../../../shared/constants.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/connection.ts';
import { documentIsLive } from '../../db/documentation-tree.ts';
import { documents, uploads } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { conflict, HttpError, notFound } from '../../errors.ts';
import { sniffContentType } from '../../storage/content-types.ts';
import type { IncomingUpload } from '../../storage/driver.ts';
import { AVATAR_KEY_PREFIX, storageFor, storageKey, storageKeyOf } from '../../storage/index.ts';
import { sign, signingKey, verifySignature } from '../../storage/signing.ts';
import { readableDocument, requireAction } from '../documentation/access.ts';

export type UploadRow = typeof uploads.$inferSelect;
type NewUploads = z.output<typeof signUploadBody>;

const fileNotFound = () => notFound('File not found');

/** POST documentation/documents/{id}/sign-content-upload. */
export async function signUploads(deps: Deps, who: Member, documentId: string, files: NewUploads): Promise<SignedUpload[]> {
  const access = await readableDocument(deps.db, who, documentId);
  requireAction(access.permissions, access.document.doctype === 'form' ? 'submit' : 'upload', 'document');
  return signFor(deps, { orgId: who.orgId, documentId: access.document.id, userId: who.userId }, files);
}

/** Signs uploads of `files` for a document the uploader may add files to (a member's, or a share link's checklist: `userId` null). */
export async function signFor(deps: Deps, scope: Required<UploadScope>, files: NewUploads): Promise<SignedUpload[]> {
  const now = deps.now();
  // Whole seconds: the signed `expires` field and `expires_at` name the same moment.
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + UPLOAD_SIGNATURE_SECONDS) * 1000);
  const rows = files.map((file) => ({
    id: uuidv7(now.getTime()),
    orgId: scope.orgId,
    documentId: scope.documentId,
    filename: file.filename,
    contentType: file.content_type,
    size: file.file_size,
    createdBy: scope.userId,
    createdAt: now,
    expiresAt,
    // Until something uses it (`markUploadsUsed`); unused for a day, it is removed (./unused-uploads.ts).
    inUse: false,
  }));
  await deps.db.insert(uploads).values(rows);
  const storage = storageFor(deps.config);
  return Promise.all(
    rows.map(async (row) => {
      const post = await storage.presignPost({
        key: storageKey(row.orgId, row.id),
        size: row.size,
        contentType: row.contentType,
        expiresAt,
      });
      return { upload_id: row.id, url: post.url, fields: post.fields, expires_at: expiresAt.toISOString() };
    }),
  );
}

/** Upload ids are marked used a few hundred at a time (one statement's parameters). */
const MARK_CHUNK = 500;

/**
 * Marks as used the uploads among `ids` of this organisation (and document, when given): a submission's
 * photos, the uploads a document's contents name. An upload never marked is removed a day after signing
 * (./unused-uploads.ts). Run it in the transaction that stores the use, BEFORE the uploads are checked:
 * the row is then held against the clean-up, or already gone (and the check refuses it).
 */
export async function markUploadsUsed(db: Queryable, scope: { orgId: string; documentId?: string }, ids: Iterable<string>): Promise<void> {
  const wanted = [...new Set([...ids].filter(isUuid).map((id) => id.toLowerCase()))];
  for (let i = 0; i < wanted.length; i += MARK_CHUNK) {
    await db
      .update(uploads)
      .set({ inUse: true })
      .where(
        and(
          inArray(uploads.id, wanted.slice(i, i + MARK_CHUNK)),
          eq(uploads.orgId, scope.orgId),
          ...(scope.documentId === undefined ? [] : [eq(uploads.documentId, scope.documentId)]),
          eq(uploads.inUse, false),
        ),
      );
  }
}

/** Every UUID among the string values of `value` (contents of any doctype): what uses uploads, whatever field names them. */
export function uuidsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (isUuid(value)) found.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) uuidsIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) uuidsIn(item, found);
  }
  return found;
}

/**
 * POST /api/v1/uploads (the default driver's upload route; no bearer token — the signature is the
 * permission). The file is checked by the driver, then the upload is marked complete and the file put
 * in place in one transaction: an upload is received once (409 after that).
 */
export async function receiveUpload(deps: Deps, upload: IncomingUpload): Promise<void> {
  const storage = storageFor(deps.config);
  if (!storage.receive) throw notFound();
  const now = deps.now();
  const file = await storage.receive(upload, now);
  const [scope, uploadId] = file.key.split('/') as [string, string];
  // `avatars/{id}` or `{org id}/{id}` (storage/index.ts): the key was signed by us, and names its row.
  const owner = scope === AVATAR_KEY_PREFIX ? eq(uploads.purpose, 'avatar') : and(eq(uploads.purpose, 'document'), eq(uploads.orgId, scope));
  try {
    await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(uploads)
        .set({ completedAt: now })
        .where(and(eq(uploads.id, uploadId), owner, isNull(uploads.completedAt)))
        .returning({ id: uploads.id });
      if (!done) {
        const [known] = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, uploadId));
        throw known ? conflict('This upload has already been received') : notFound('Upload not found');
      }
      await file.keep();
    });
  } catch (err) {
    await file.discard();
    throw err;
  }
}

/**
 * Of some upload rows, those that are complete. An upload not marked complete yet is looked for in
 * storage: a driver whose browser posts go straight to the store (S3) learns of its uploads this way.
 * Present with the signed size and first bytes that show the signed type, it is marked complete now.
 * (The local driver marks uploads complete as they arrive; for it this finds nothing more.)
 */
export async function confirmed(db: Queryable, config: Config, rows: UploadRow[], now: Date): Promise<UploadRow[]> {
  const storage = storageFor(config);
  const done: UploadRow[] = [];
  for (const row of rows) {
    if (row.completedAt !== null) {
      done.push(row);
      continue;
    }
    const stored = await storage.inspect(storageKeyOf(row));
    if (stored && stored.size === row.size && sniffContentType(stored.head) === row.contentType) {
      await db.update(uploads).set({ completedAt: now }).where(eq(uploads.id, row.id));
      done.push({ ...row, completedAt: now });
    }
  }
  return done;
}

/**
 * Who made an upload: `userId` a user, null a share link (its uploads have no user, issue #29), left out:
 * anyone.
 */
export interface UploadScope {
  orgId: string;
  documentId: string;
  userId?: string | null;
}

/** Of some upload ids, those that are complete uploads of this document (by this user, or through a share link, when given). */
async function completedUploads(
  db: Queryable,
  config: Config,
  scope: UploadScope,
  ids: readonly string[],
  now: Date,
): Promise<UploadRow[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, wanted),
        eq(uploads.orgId, scope.orgId),
        eq(uploads.documentId, scope.documentId),
        ...(scope.userId === undefined ? [] : [scope.userId === null ? isNull(uploads.createdBy) : eq(uploads.createdBy, scope.userId)]),
      ),
    );
  return confirmed(db, config, rows, now);
}

/**
 * The ids among `ids` that are complete uploads of this document (by this user, or through a share link,
 * when given): what a submission's photos must be, and a presentation's pages (services/presentations/media.ts).
 */
export async function completedUploadsOf(
  tx: Queryable,
  config: Config,
  scope: UploadScope,
  ids: readonly string[],
  now: Date,
): Promise<Set<string>> {
  return new Set((await completedUploads(tx, config, scope, ids, now)).map((row) => row.id));
}

/** GET documentation/documents/{id}/media/{upload_id} (bearer): Read on the document; the upload must be one of its own. */
export async function mediaOfDocument(deps: Deps, who: Member, documentId: string, uploadId: string): Promise<UploadRow> {
  const access = await readableDocument(deps.db, who, documentId);
  const [row] = await completedUploads(deps.db, deps.config, { orgId: who.orgId, documentId: access.document.id }, [uploadId], deps.now());
  if (!row) throw fileNotFound();
  return row;
}

const expiresOf = (now: Date) => Math.floor(now.getTime() / 1000) + MEDIA_URL_SECONDS;

/** The signed address of one file: `{PUBLIC_URL}/api/v1/media/{document id}/{upload id}?expires=…&signature=…`. */
async function signedMediaUrl(config: Config, documentId: string, uploadId: string, expires: number): Promise<string> {
  const signature = sign(await signingKey(config), 'media', [documentId, uploadId, String(expires)]);
  return `${config.publicUrl}/api/v1/media/${documentId}/${uploadId}?expires=${expires}&signature=${signature}`;
}

/** GET documentation/documents/{id}/media-urls?upload_id=…: addresses for the files of this document among the ids (others are left out). */
export async function mediaUrls(deps: Deps, who: Member, documentId: string, uploadIds: readonly string[]): Promise<MediaUrl[]> {
  const access = await readableDocument(deps.db, who, documentId);
  return mediaUrlsOf(deps, { orgId: who.orgId, documentId: access.document.id }, uploadIds);
}

/** Addresses for the files of a document among the ids (of the uploader in `scope`, when it names one); others are left out. */
export async function mediaUrlsOf(deps: Deps, scope: UploadScope, uploadIds: readonly string[]): Promise<MediaUrl[]> {
  const wanted = [...new Set(uploadIds)];
  const now = deps.now();
  const rows = await completedUploads(deps.db, deps.config, scope, wanted, now);
  const found = new Set(rows.map((r) => r.id));
  const expires = expiresOf(now);
  const expiresAt = new Date(expires * 1000).toISOString();
  return Promise.all(
    wanted
      .filter((id) => found.has(id))
      .map(async (id) => ({ upload_id: id, url: await signedMediaUrl(deps.config, scope.documentId, id, expires), expires_at: expiresAt })),
  );
}

/**
 * GET /api/v1/media/{document id}/{upload id}?expires=&signature= (no bearer token: the address is the
 * permission, handed only to readers, for MEDIA_URL_SECONDS). The document must still be live: neither
 * it nor any folder above it in the trash.
 */
export async function mediaBySignature(
  deps: Deps,
  documentId: string,
  uploadId: string,
  expires: string | undefined,
  signature: string | undefined,
): Promise<UploadRow> {
  if (!isUuid(documentId) || !isUuid(uploadId) || !expires || !/^\d{1,12}$/.test(expires) || !signature) {
    throw new HttpError(403, 'This media link is not valid');
  }
  if (!verifySignature(await signingKey(deps.config), 'media', [documentId, uploadId, expires], signature)) {
    throw new HttpError(403, 'This media link is not valid');
  }
  if (Number(expires) * 1000 < deps.now().getTime()) throw new HttpError(403, 'This media link has expired');
  const [row] = await deps.db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(documents, eq(documents.id, uploads.documentId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.documentId, documentId), isNotNull(uploads.completedAt), isNull(documents.deletedAt)));
  // Like the bearer route: not while the document, or any folder above it, is in the trash.
  if (!row || !(await documentIsLive(deps.db, documentId))) throw fileNotFound();
  return row.upload;
}

/** What a served file is sent as: its type, and inline for pictures and video, as an attachment otherwise. */
export function dispositionOf(row: Pick<UploadRow, 'filename' | 'contentType'>): string {
  const inline = row.contentType.startsWith('image/') || row.contentType.startsWith('video/');
  const name = [...row.filename].map((ch) => (ch < ' ' || ch === '\u007f' || ch === '/' || ch === '\\' ? '_' : ch)).join('');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
