/**
 * What a share link opens (issue #29): its one checklist, to read at its latest published version (never
 * the draft), to sign photo uploads for, and to submit to — the services behind
 * routes/shared-checklist.ts. The link itself was checked by auth/share-links.ts (live, its organisation's
 * subscription running); here, its checklist: another document's id → 404 'Document not found' (as for
 * any id the caller may not see); the checklist in the trash, or any folder above it → 404 'This
 * checklist is not available'. Submissions go through THE submission path (./submissions.ts submitTo)
 * with the link as the submitter; photo uploads have no user (created_by null), and a link is given the
 * addresses of its questions' pictures and of such photos only.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { signUploadBody } from '../../../shared/api/documentation-schemas.ts';
import type { MediaUrl, SignedUpload, SubmittedRow } from '../../../shared/api/documentation.ts';
import { shareAuthor, SHARED_CHECKLIST_UNAVAILABLE, type SharedChecklist } from '../../../shared/api/share-links.ts';
import { admitShareUploads } from '../../auth/throttle.ts';
import type { Queryable } from '../../db/connection.ts';
import type { KeyInWork } from '../../db/queries/idempotency-keys.ts';
import { documentWithChain } from '../../db/documentation-tree.ts';
import { documentVersions } from '../../db/schema.ts';
import type { Deps, ShareCaller } from '../../env.ts';
import { notFound } from '../../errors.ts';
import { presentSharedChecklist } from '../../presenters/share-links.ts';
import { documentNotFound, type DocumentAccess } from '../documentation/access.ts';
import { madeAtWithinBounds } from './made-at.ts';
import { submitTo, type Submission, type Submitter } from './submissions.ts';
import { mediaUrlsOf, signFor } from './uploads.ts';

/** The link as a submitter: no user; its rows' author reads `share: {name}`. */
const linkSubmitter = (share: ShareCaller): Submitter => ({
  orgId: share.orgId,
  userId: null,
  shareLink: { id: share.linkId, name: share.name },
  author: shareAuthor(share.name),
});

/**
 * The link's checklist, live: 404 'Document not found' when `documentId` (an address's id) names another
 * document, 404 'This checklist is not available' when it is in the trash (or a folder above it) or gone.
 */
export async function sharedChecklistAccess(db: Queryable, share: ShareCaller, documentId?: string): Promise<Pick<DocumentAccess, 'document' | 'chain'>> {
  if (documentId !== undefined && documentId.toLowerCase() !== share.documentId) throw documentNotFound();
  const found = await documentWithChain(db, share.orgId, share.documentId);
  const trashed = !found || found.document.deletedAt !== null || found.chain.some((f) => f.deletedAt !== null);
  if (trashed || found.document.doctype !== 'form') throw notFound(SHARED_CHECKLIST_UNAVAILABLE);
  return { document: found.document, chain: found.chain };
}

/** GET share/checklist, and GET documentation/documents/{id} for the link's checklist. */
export async function readSharedChecklist(deps: Deps, share: ShareCaller, documentId?: string): Promise<SharedChecklist> {
  const { document } = await sharedChecklistAccess(deps.db, share, documentId);
  const [version] = await deps.db
    .select({ version: documentVersions.version, createdAt: documentVersions.createdAt })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, document.id), eq(documentVersions.version, document.version)));
  if (!version) throw notFound(SHARED_CHECKLIST_UNAVAILABLE);
  return presentSharedChecklist(document, version, share);
}

/**
 * POST documentation/documents/{id}/sign-content-upload through the link: photos for its answers (no
 * user), from the address `ip`. Counted at signing in files and bytes, per link and per address
 * (auth/throttle.ts `admitShareUploads`): a call that does not fit is refused whole, nothing signed. An
 * upload no submission uses is removed a day later (./unused-uploads.ts).
 */
export async function signSharedUploads(
  deps: Deps,
  share: ShareCaller,
  documentId: string,
  files: z.output<typeof signUploadBody>,
  ip: string,
): Promise<SignedUpload[]> {
  const { document } = await sharedChecklistAccess(deps.db, share, documentId);
  await admitShareUploads(deps.db, deps.config, share.linkId, ip, files, deps.now());
  return signFor(deps, { orgId: share.orgId, documentId: document.id, userId: null }, files);
}

/** The uploads a checklist's published questions show (their pictures), lower-cased. */
function questionPictures(contents: unknown): Set<string> {
  const questions = (contents as { questions?: Record<string, { media?: unknown; media_thumb?: unknown } | null> } | null)?.questions ?? {};
  const ids = new Set<string>();
  for (const question of Object.values(questions)) {
    for (const id of [question?.media, question?.media_thumb]) if (typeof id === 'string') ids.add(id.toLowerCase());
  }
  return ids;
}

/**
 * GET documentation/documents/{id}/media-urls through the link: its questions' pictures, and photos
 * uploaded through share links (no user) — never a member's photo, which a link holder has no reason to see.
 */
export async function sharedMediaUrls(deps: Deps, share: ShareCaller, documentId: string, uploadIds: readonly string[]): Promise<MediaUrl[]> {
  const { document } = await sharedChecklistAccess(deps.db, share, documentId);
  const pictures = questionPictures(document.contents);
  const shown = uploadIds.filter((id) => pictures.has(id.toLowerCase()));
  const others = uploadIds.filter((id) => !pictures.has(id.toLowerCase()));
  const scope = { orgId: share.orgId, documentId: document.id };
  const [ofQuestions, ofLinks] = await Promise.all([
    shown.length > 0 ? mediaUrlsOf(deps, scope, shown) : [],
    others.length > 0 ? mediaUrlsOf(deps, { ...scope, userId: null }, others) : [],
  ]);
  return [...ofQuestions, ...ofLinks];
}

/** POST documentation/documents/{id}/data through the link. */
export async function submitThroughLink(
  deps: Deps,
  share: ShareCaller,
  documentId: string,
  submission: Submission & { made_at?: string | undefined },
  key: KeyInWork | undefined,
): Promise<SubmittedRow> {
  const madeAt = madeAtWithinBounds(submission.made_at, deps.now());
  const access = await sharedChecklistAccess(deps.db, share, documentId);
  return submitTo(deps, linkSubmitter(share), access, { record: submission.record, ...(madeAt ? { madeAt } : {}) }, key);
}
