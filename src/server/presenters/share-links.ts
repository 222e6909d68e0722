/** How share links look in the API's answers (shapes in shared/api/share-links.ts). */
import { ROOT, type DocumentContents } from '../../shared/api/documentation.ts';
import type { ShareLink, SharedChecklist } from '../../shared/api/share-links.ts';
import { Permission } from '../../shared/permissions/index.ts';
import type { ShareLinkRow } from '../db/queries/share-links.ts';
import type { documentVersions } from '../db/schema.ts';
import type { ShareCaller } from '../env.ts';
import type { DocumentRow } from '../services/documentation/access.ts';

type VersionRow = typeof documentVersions.$inferSelect;

/** One link with its token and fill page (derived from its id: services/checklists/share-links.ts). */
export function presentShareLink(row: ShareLinkRow, address: { token: string; url: string }, createdByUsername: string | null): ShareLink {
  return {
    id: row.id,
    name: row.name,
    token: address.token,
    url: address.url,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    created_by_username: createdByUsername,
  };
}

/**
 * The checklist a share link opens (GET share/checklist, and GET documentation/documents/{id} with its
 * token): the latest published version as a reader gets it, less what is the organisation's own business —
 * no draft, no folders (path empty, `folder_id` the root's word), no usernames, no change log — with the
 * link and the organisation's name. What the token may do: Read (and so submit).
 */
export function presentSharedChecklist(
  document: Pick<DocumentRow, 'id' | 'name' | 'description' | 'doctype' | 'version' | 'contents' | 'modifiedAt'>,
  version: Pick<VersionRow, 'version' | 'createdAt'>,
  share: Pick<ShareCaller, 'name' | 'expiresAt' | 'orgName'>,
): SharedChecklist {
  return {
    id: document.id,
    document_id: document.id,
    folder_id: ROOT,
    root_id: null,
    name: document.name,
    description: document.description,
    doctype: document.doctype,
    kind: 'document',
    version: version.version,
    latest_version: document.version,
    path: [],
    contents: document.contents as DocumentContents,
    draft_contents: null,
    draft_user_id: null,
    user_permissions: Permission.Read,
    created_at: version.createdAt.toISOString(),
    created_by_username: null,
    changelog: '',
    modified_at: document.modifiedAt.toISOString(),
    share_link: { name: share.name, expires_at: share.expiresAt ? share.expiresAt.toISOString() : null },
    organization_name: share.orgName,
  };
}
