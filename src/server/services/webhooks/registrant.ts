/**
 * What a delivery may carry: only what the admin who registered its endpoint may read at the time of
 * sending (THE permission rule: services/documentation/access.ts over the tree's chain query), and only
 * items in the endpoint's folder subtree when it has one. Events about members name no item: they go to
 * anyone still a member of the organisation. Found once per sender pass for each registrant and item.
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connection.ts';
import { memberships, organisations, roles, userRoles, users } from '../../db/schema.ts';
import type { Member } from '../../env.ts';
import { HttpError } from '../../errors.ts';
import { readableDocument, readableFolder } from '../documentation/access.ts';

/** The registrant as a member of the organisation now; undefined when they are not (left, switched off, gone). */
export async function registrantNow(db: Queryable, orgId: string, userId: string | null): Promise<Member | undefined> {
  if (userId === null) return undefined;
  const [row] = await db
    .select({ isOrgAdmin: memberships.isOrgAdmin, username: users.username, orgName: organisations.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId), eq(memberships.isActive, true), eq(users.isActive, true)));
  if (!row) return undefined;
  const held = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.orgId, orgId)));
  return { userId, orgId, isOrgAdmin: row.isOrgAdmin, roleIds: new Set(held.map((r) => r.id)), username: row.username, orgName: row.orgName };
}

/** The ids of the folders from an item up to the root, when `who` may Read the item now; undefined otherwise. */
export async function readableChain(db: Queryable, who: Member, item: { documentId: string | null; folderId: string | null }): Promise<string[] | undefined> {
  try {
    if (item.documentId) return (await readableDocument(db, who, item.documentId)).chain.map((f) => f.id);
    if (item.folderId) return (await readableFolder(db, who, item.folderId)).chain.map((f) => f.id);
    return [];
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return undefined;
    throw err;
  }
}
