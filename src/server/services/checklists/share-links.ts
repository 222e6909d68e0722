/**
 * Share links (issue #29): a checklist filled without an account, from `/fill/{token}` or an embed.
 * Made, listed and revoked by people with Edit Permissions on the checklist (the action table's `share`);
 * each change records its activity event in the same transaction.
 *
 * A link's token is DERIVED from its id and the app key: `share_` + base64url(HMAC-SHA256(app key,
 * "share-link:" + id)). The database keeps only SHA-256(token) (share_links.token_hash), so a copy of it
 * opens no link; yet the server can rebuild a link's address from its id for a person with Edit
 * Permissions (the Share tab's QR codes, the QR label sheets). Changing APP_KEY voids every share link.
 * What a token may do is routes/shared-checklist.ts; who it is, auth/share-links.ts.
 */
import { createHmac } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { sentence } from '../../../shared/api/field-errors.ts';
import type { List } from '../../../shared/api/list.ts';
import type { CreateShareLinkParsed } from '../../../shared/api/share-links-schemas.ts';
import type { ShareLink } from '../../../shared/api/share-links.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Config } from '../../config.ts';
import { appKey } from '../../auth/app-key.ts';
import { SHARE_TOKEN_PREFIX } from '../../auth/share-links.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Queryable } from '../../db/connection.ts';
import { shareLinks, users } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, notFound, validationFailed } from '../../errors.ts';
import { presentShareLink } from '../../presenters/share-links.ts';
import { recordActivity } from '../activity.ts';
import { readableDocument, requireAction, type DocumentAccess } from '../documentation/access.ts';

export { SHARE_TOKEN_PREFIX };

/** The token of the link `linkId` under the app key `key` (`share_` + 43 base64url characters). */
export function shareLinkToken(key: Buffer, linkId: string): string {
  return SHARE_TOKEN_PREFIX + createHmac('sha256', key).update(`share-link:${linkId}`).digest('base64url');
}

/** The public fill page of the link `linkId`: `{PUBLIC_URL}/fill/{token}`. */
export async function shareLinkUrl(config: Config, linkId: string): Promise<string> {
  return shareFillUrl(config, shareLinkToken(await appKey(config), linkId));
}

/** The fill page of a token already derived. */
export const shareFillUrl = (config: Pick<Config, 'publicUrl'>, token: string): string => `${config.publicUrl}/fill/${token}`;

/** A link's token and fill page, rebuilt from its id. */
function addressOf(config: Config, key: Buffer, linkId: string) {
  const token = shareLinkToken(key, linkId);
  return { token, url: shareFillUrl(config, token) };
}

const shareLinkNotFound = () => notFound('Share link not found');
/** The dialog shows an expiry's refusal as it is: a sentence (as an invitation's expiry). */
const EXPIRY_PAST = sentence('Expiry must be in the future');

/** A checklist the caller may share: 404 without Read, 400 for another doctype, 403 without Edit Permissions. */
async function sharableChecklist(db: Queryable, who: Member, documentId: string): Promise<DocumentAccess> {
  const access = await readableDocument(db, who, documentId);
  if (access.document.doctype !== 'form') throw badRequest('Only checklists have share links');
  requireAction(access.permissions, 'share', 'document');
  return access;
}

/** The activity event of a link made or revoked: about the checklist, in its folder, naming the link. */
function linkEvent(type: 'ShareLinkCreated' | 'ShareLinkRevoked', who: Member, access: DocumentAccess, link: { id: string; name: string }, at: Date) {
  const folder = access.chain[0]!;
  return {
    type,
    orgId: who.orgId,
    actorId: who.userId,
    at,
    documentId: access.document.id,
    folderId: folder.id,
    context: {
      name: access.document.name,
      doctype: access.document.doctype,
      folder_id: folder.id,
      folder_name: folder.name,
      share_link_id: link.id,
      share_link_name: link.name,
    },
  } as const;
}

/** POST documentation/documents/{id}/share-links: 201 with the token and its address. */
export async function createShareLink(deps: Deps, who: Member, documentId: string, body: CreateShareLinkParsed): Promise<ShareLink> {
  const now = deps.now();
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw validationFailed([{ field: 'expires_at', message: EXPIRY_PAST }]);
  const key = await appKey(deps.config);
  return deps.db.transaction(async (tx) => {
    const access = await sharableChecklist(tx, who, documentId);
    const id = uuidv7(now.getTime());
    const [row] = await tx
      .insert(shareLinks)
      .values({
        id,
        orgId: who.orgId,
        documentId: access.document.id,
        name: body.name,
        tokenHash: hashToken(shareLinkToken(key, id)),
        createdBy: who.userId,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await recordActivity(tx, linkEvent('ShareLinkCreated', who, access, row!, now));
    return presentShareLink(row!, addressOf(deps.config, key, row!.id), who.username);
  });
}

/** GET documentation/documents/{id}/share-links: the links not revoked, newest first (expired ones too). */
export async function listShareLinks(deps: Deps, who: Member, documentId: string): Promise<List<ShareLink>> {
  const access = await sharableChecklist(deps.db, who, documentId);
  const rows = await deps.db
    .select({ link: shareLinks, username: users.username })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(and(eq(shareLinks.orgId, who.orgId), eq(shareLinks.documentId, access.document.id), isNull(shareLinks.revokedAt)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const key = await appKey(deps.config);
  return { results: rows.map((r) => presentShareLink(r.link, addressOf(deps.config, key, r.link.id), r.username)), total: rows.length };
}

/** DELETE documentation/documents/{id}/share-links/{link_id}: revoked at once (the row stays: its rows keep their author). */
export async function revokeShareLink(deps: Deps, who: Member, documentId: string, linkId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const access = await sharableChecklist(tx, who, documentId);
    if (!isUuid(linkId)) throw shareLinkNotFound();
    const [revoked] = await tx
      .update(shareLinks)
      .set({ revokedAt: now })
      .where(and(eq(shareLinks.id, linkId), eq(shareLinks.orgId, who.orgId), eq(shareLinks.documentId, access.document.id), isNull(shareLinks.revokedAt)))
      .returning();
    if (!revoked) throw shareLinkNotFound();
    await recordActivity(tx, linkEvent('ShareLinkRevoked', who, access, revoked, now));
  });
}
