/**
 * ACLs of folders and documents: read (Read needed) and replace (Edit Permissions needed), and the
 * subjects an entry may name (the organisation, its roles, its users).
 *
 * Replacing refuses: bits beyond the six permissions (400); Create Documents / Create Folders on a
 * document (400); a subject that is not the organisation, one of its roles or one of its active members
 * (422); granting a subject bits the editor does not hold (403) — unless that subject was already
 * granted those bits on this item, so that an editor can save back a list they did not fully make;
 * and any change that would give the editor a bit they do not hold now (403; org admins hold every bit).
 *
 * The editor's own rights: the change is refused when the editor's mask on the item after it has a bit
 * the mask before it lacks — whether by removing or narrowing a revoke, turning it into a grant, or
 * granting their role, their organisation or themselves. The item is enough: each bit is decided at the
 * nearest level naming the editor, so an item below either decides the bit itself (the change cannot
 * reach it) or inherits exactly the item's bit (it gains only what the item gains). The property test
 * in tests/api/documentation/permissions.test.ts checks this over random trees.
 *
 * A save replaces the item's entries whole: it takes the item's row lock before reading them, so
 * concurrent saves of one item run one after another and the last one's entries are what is left.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { replaceAclBody } from '../../../shared/api/documentation-schemas.ts';
import { ROOT, type Acl, type AclEntry, type AclSubject, type AclSubjectType, type ItemKind } from '../../../shared/api/documentation.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { lockItemRow } from '../../db/queries/locks.ts';
import { aclEntries, memberships, roles, users } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, forbidden, validationFailed, type FieldError } from '../../errors.ts';
import { ACL_BITS_MASK, FOLDER_ONLY_BITS, resolvePermissions } from '../../permissions/resolve.ts';
import {
  readableDocument,
  readableFolder,
  permissionNames,
  requireAction,
  type AclEntryRow,
} from './access.ts';
import { recordActivity } from '../activity.ts';
import { aclAnswer } from './answers.ts';

export type AclEntries = z.output<typeof replaceAclBody>;

/** An item's ACL as the rule sees it: own entries, then each folder above (nearest first). */
export async function aclTarget(db: Queryable, who: Member, kind: ItemKind, id: string) {
  if (kind === 'folder') {
    const access = await readableFolder(db, who, id);
    return {
      itemId: access.folder.id,
      name: access.folder.name,
      permissions: access.permissions,
      own: access.levels[0]!,
      chain: access.chain.slice(1),
      levels: access.levels.slice(1),
    };
  }
  const access = await readableDocument(db, who, id);
  return {
    itemId: access.document.id,
    name: access.document.name,
    permissions: access.permissions,
    own: access.own,
    chain: access.chain,
    levels: access.levels,
  };
}

/** GET documentation/{folders|documents}/{id}/acl: Read needed. */
export async function getAcl(deps: Deps, who: Member, kind: ItemKind, id: string): Promise<Acl> {
  const target = await aclTarget(deps.db, who, kind, id);
  return aclAnswer(deps.db, who, target.own, target.chain, target.levels);
}

/** Which subject each id is: the organisation, a role of it, or an active member; undefined otherwise. */
export async function subjectTypes(db: Queryable, who: Member, ids: string[]): Promise<Map<string, AclSubjectType>> {
  const types = new Map<string, AclSubjectType>();
  const others = [...new Set(ids.filter((id) => id !== who.orgId))];
  if (ids.includes(who.orgId)) types.set(who.orgId, 'org');
  if (others.length === 0) return types;
  const roleRows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.orgId, who.orgId), inArray(roles.id, others)));
  for (const r of roleRows) types.set(r.id, 'role');
  const memberRows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, who.orgId), eq(memberships.isActive, true), inArray(memberships.userId, others)));
  for (const m of memberRows) types.set(m.id, 'user');
  return types;
}

const bitsOf = (entries: readonly { subject: string; isGrant: boolean; permissions: number }[], subject: string) =>
  entries.filter((e) => e.subject === subject && e.isGrant).reduce((mask, e) => mask | e.permissions, 0);

/** PUT documentation/{folders|documents}/{id}/acl: replaces the item's own entries; Edit Permissions needed. */
export async function replaceAcl(deps: Deps, who: Member, kind: ItemKind, id: string, entries: AclEntries): Promise<Acl> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Concurrent saves of one item queue here, so each reads (and replaces) what the one before it left.
    if (isUuid(id) || (kind === 'folder' && id === ROOT)) await lockItemRow(tx, kind, who.orgId, id);
    const target = await aclTarget(tx, who, kind, id);
    requireAction(target.permissions, 'editPermissions', kind);

    entries.forEach((entry, i) => {
      if ((entry.permissions & ~ACL_BITS_MASK) !== 0) {
        throw badRequest(`Entry ${i}: permissions ${entry.permissions} has bits beyond the six permissions (at most ${ACL_BITS_MASK})`);
      }
      if (kind === 'document' && (entry.permissions & FOLDER_ONLY_BITS) !== 0) {
        throw badRequest(`Entry ${i}: 'Create Documents' and 'Create Folders' apply only to folders`);
      }
    });

    const types = await subjectTypes(
      tx,
      who,
      entries.map((e) => e.subject),
    );
    const unknown: FieldError[] = entries.flatMap((entry, i) =>
      types.has(entry.subject)
        ? []
        : [{ field: `${i}.subject`, message: 'is not the organization, one of its roles or one of its users' }],
    );
    if (unknown.length > 0) throw validationFailed(unknown);

    const before = target.own.map((e) => ({ subject: e.subjectId, isGrant: e.isGrant, permissions: e.permissions }));
    const after = entries.map((e) => ({ subject: e.subject, isGrant: e.is_grant, permissions: e.permissions }));
    for (const subject of new Set(after.map((e) => e.subject))) {
      const beyond = bitsOf(after, subject) & ~target.permissions & ~bitsOf(before, subject);
      if (beyond !== 0) throw forbidden(`You cannot grant permissions you do not hold: ${permissionNames(beyond)}`);
    }
    const proposed = entries.map((e) => ({ subjectType: types.get(e.subject)!, subjectId: e.subject, isGrant: e.is_grant, permissions: e.permissions }));
    const gained = resolvePermissions([proposed, ...target.levels], who) & ~target.permissions;
    if (gained !== 0) throw forbidden(`You cannot give yourself permissions you do not hold: ${permissionNames(gained)}`);

    await tx.delete(aclEntries).where(kind === 'folder' ? eq(aclEntries.folderId, target.itemId) : eq(aclEntries.documentId, target.itemId));
    let own: AclEntryRow[] = [];
    if (entries.length > 0) {
      own = await tx
        .insert(aclEntries)
        .values(
          proposed.map((rule) => ({
            id: uuidv7(now.getTime()),
            orgId: who.orgId,
            folderId: kind === 'folder' ? target.itemId : null,
            documentId: kind === 'document' ? target.itemId : null,
            ...rule,
          })),
        )
        .returning();
    }
    const acl = await aclAnswer(tx, who, own, target.chain, target.levels);
    const simple = (list: AclEntry[]) => list.map(({ subject, subject_type, subject_name, is_grant, permissions }) => ({ subject, subject_type, subject_name, is_grant, permissions }));
    await recordActivity(tx, {
      type: kind === 'folder' ? 'FolderACLUpdated' : 'DocumentACLUpdated',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      ...(kind === 'folder' ? { folderId: target.itemId } : { documentId: target.itemId, folderId: target.chain[0]?.id ?? null }),
      context: {
        name: target.name,
        entries: simple(acl.entries),
        previous_entries: simple((await aclAnswer(tx, who, target.own, [], [])).entries),
      },
    });
    return acl;
  });
}

/** GET auth/acl-subjects: the organisation, its roles (by name) and its active members (by username). */
export async function aclSubjects(deps: Deps, who: Member): Promise<{ results: AclSubject[]; total: number }> {
  const roleRows = await deps.db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.orgId, who.orgId))
    .orderBy(asc(roles.name));
  const userRows = await deps.db
    .select({ id: users.id, name: users.username })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, who.orgId), eq(memberships.isActive, true)))
    .orderBy(asc(users.username));
  const results: AclSubject[] = [
    { id: who.orgId, name: who.orgName, type: 'org' },
    ...roleRows.map((r) => ({ id: r.id, name: r.name, type: 'role' as const })),
    ...userRows.map((u) => ({ id: u.id, name: u.name, type: 'user' as const })),
  ];
  return { results, total: results.length };
}
