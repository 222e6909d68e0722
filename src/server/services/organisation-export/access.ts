/**
 * Who may do what in an organisation, in its export (./export.ts): the ACL entries of its folders and
 * documents (permissions.json), its share links (share-links.json), its pending invitations
 * (invitations.json) and its members' API tokens (api-tokens.json). Never a capability: no share link's
 * token, no API token, no hash of either — those columns are never selected.
 */
import { eq } from 'drizzle-orm';
import { permissionLabels } from '../../../shared/permissions/bits.ts';
import { aclEntries, apiTokens, invitations, shareLinks } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { byId, EXPORT_PAGE, jsonArray, orgPage, pages } from './pages.ts';
import type { ZipWriter } from './zip.ts';

function aclPage(deps: Deps, orgId: string, after: string | undefined) {
  const a = aclEntries;
  const page = orgPage({ column: a.orgId, id: orgId }, a.id, after);
  return deps.db
    .select({ id: a.id, folder_id: a.folderId, document_id: a.documentId, subject_type: a.subjectType, subject_id: a.subjectId, is_grant: a.isGrant, bits: a.permissions })
    .from(a)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(EXPORT_PAGE);
}

function shareLinkPage(deps: Deps, orgId: string, after: string | undefined) {
  const s = shareLinks;
  const page = orgPage({ column: s.orgId, id: orgId }, s.id, after);
  return deps.db
    .select({ id: s.id, document_id: s.documentId, name: s.name, created_by: s.createdBy, created_at: s.createdAt, expires_at: s.expiresAt, revoked_at: s.revokedAt })
    .from(s)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(EXPORT_PAGE);
}

function invitationPage(deps: Deps, orgId: string, after: string | undefined) {
  const i = invitations;
  const page = orgPage({ column: i.orgId, id: orgId }, i.id, after, eq(i.status, 'pending'));
  return deps.db
    .select({ id: i.id, email: i.email, role_ids: i.roleIds, invited_by: i.invitedBy, created_at: i.createdAt, expiry: i.expiry })
    .from(i)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(EXPORT_PAGE);
}

function apiTokenPage(deps: Deps, orgId: string, after: string | undefined) {
  const t = apiTokens;
  const page = orgPage({ column: t.orgId, id: orgId }, t.id, after);
  return deps.db
    .select({
      id: t.id, user_id: t.userId, name: t.name, scope: t.scope, created_at: t.createdAt, expires_at: t.expiresAt,
      last_used_at: t.lastUsedAt, revoked_at: t.revokedAt, revoked_by: t.revokedBy,
    })
    .from(t)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(EXPORT_PAGE);
}

export async function addAccess(zip: ZipWriter, deps: Deps, orgId: string): Promise<void> {
  await zip.add('permissions.json', () =>
    jsonArray(pages((after: string | undefined) => aclPage(deps, orgId, after), byId), ({ bits, ...entry }) => ({ ...entry, permissions: permissionLabels(bits) })),
  );
  await zip.add('share-links.json', () => jsonArray(pages((after: string | undefined) => shareLinkPage(deps, orgId, after), byId)));
  await zip.add('invitations.json', () => jsonArray(pages((after: string | undefined) => invitationPage(deps, orgId, after), byId)));
  await zip.add('api-tokens.json', () => jsonArray(pages((after: string | undefined) => apiTokenPage(deps, orgId, after), byId)));
}
