/**
 * Ids that a request body stores must name things of the caller's organisation (issue 10): a checklist's
 * question media and validation roles and users, its sheet, a result sheet's checklists — and, as their
 * issues land, anything else a body stores by id (an account's avatar, …).
 *
 *   await requireOwnIds(tx, who.orgId, [
 *     { field: 'contents.sheet_id', kind: 'document', id },
 *     { field: 'avatar', kind: 'upload', id },
 *   ]);
 *
 * An id of another organisation, one that names nothing, or one that is not an id at all answers **422**
 * naming every such field (`contents.sheet_id: is not a document of this organization`): the id is a
 * field of the body, as for ACL subjects, so it is a validation failure; 404 stays for the item the
 * address names. The answer is the same whether the id exists elsewhere or not. One query per kind.
 *
 * What counts as the organisation's: documents and folders (in the trash too: they can come back),
 * uploads, roles, and users with a membership in it (switched off too, so that settings naming someone
 * who has since been switched off can be saved back).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { documents, folders, memberships, roles, uploads } from '../db/schema.ts';
import { validationFailed, type FieldError } from '../errors.ts';

export type OwnIdKind = 'document' | 'folder' | 'upload' | 'role' | 'user';

/** One id found in a body, and the field it was found at (a dotted path, as 422s name fields). */
export interface StoredId {
  field: string;
  kind: OwnIdKind;
  id: string;
}

const NOT_OURS: Record<OwnIdKind, string> = {
  document: 'is not a document of this organization',
  folder: 'is not a folder of this organization',
  upload: 'is not a file of this organization',
  role: 'is not a role of this organization',
  user: 'is not a user of this organization',
};

/** Of some ids of one kind (all UUIDs), those that are the organisation's. */
async function ownOf(db: Queryable, orgId: string, kind: OwnIdKind, ids: string[]): Promise<Set<string>> {
  let found: { id: string }[];
  switch (kind) {
    case 'document':
      found = await db.select({ id: documents.id }).from(documents).where(and(eq(documents.orgId, orgId), inArray(documents.id, ids)));
      break;
    case 'folder':
      found = await db.select({ id: folders.id }).from(folders).where(and(eq(folders.orgId, orgId), inArray(folders.id, ids)));
      break;
    case 'upload':
      found = await db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.orgId, orgId), inArray(uploads.id, ids)));
      break;
    case 'role':
      found = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.orgId, orgId), inArray(roles.id, ids)));
      break;
    case 'user':
      found = await db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.orgId, orgId), inArray(memberships.userId, ids)));
      break;
  }
  return new Set(found.map((row) => row.id));
}

/** 422 naming every field whose id is not the organisation's; nothing when all are (or there are none). */
export async function requireOwnIds(db: Queryable, orgId: string, stored: readonly StoredId[]): Promise<void> {
  const byKind = new Map<OwnIdKind, Set<string>>();
  for (const { kind, id } of stored) {
    if (!isUuid(id)) continue;
    const ids = byKind.get(kind) ?? new Set<string>();
    ids.add(id.toLowerCase());
    byKind.set(kind, ids);
  }
  const own = new Map<OwnIdKind, Set<string>>();
  for (const [kind, ids] of byKind) own.set(kind, await ownOf(db, orgId, kind, [...ids]));
  const errors: FieldError[] = stored
    .filter(({ kind, id }) => !isUuid(id) || !own.get(kind)!.has(id.toLowerCase()))
    .map(({ field, kind }) => ({ field, message: NOT_OURS[kind] }));
  if (errors.length > 0) throw validationFailed(errors);
}
