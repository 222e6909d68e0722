/**
 * Who can do what on an item (issue #33): every active member's bits on a folder or document and the
 * entries that decided them, for a caller with Edit Permissions on it (403 without; 404 as every item
 * lookup). THE rule decides (permissions/resolve.ts: `resolvePermissions` for the bits, `decideBits` for
 * why), over the chain and entries the access check read — one statement — and one page of members with
 * the roles the chain names — one more statement, never a query or an access check per member.
 *
 * A preview (`proposed`) puts a list of the item's own entries in place of the stored ones, so the
 * Permissions tab's unsaved changes show; nothing is stored and subjects that are not the organisation,
 * one of its roles or one of its active members are left out (the save refuses them).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ItemKind } from '../../../shared/api/documentation.ts';
import type { MemberPermissions } from '../../../shared/api/effective-permissions.ts';
import type { EffectivePermissionsParams } from '../../../shared/api/effective-permissions-schemas.ts';
import type { List } from '../../../shared/api/list.ts';
import { isUuid } from '../../../shared/ids.ts';
import { Permission } from '../../../shared/permissions/index.ts';
import { effectiveMembersPage, type EffectiveMemberRow, type EffectiveMembersFilter } from '../../db/queries/effective-permissions.ts';
import { roles } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { presentMemberPermissions, type DecidingEntry, type LevelOrigin } from '../../presenters/effective-permissions.ts';
import { decideBits, resolvePermissions, type Principal } from '../../permissions/resolve.ts';
import { userNotFound } from '../users.ts';
import { chainPermissions, requireAction } from './access.ts';
import { aclTarget, subjectTypes, type AclEntries } from './acl.ts';

/** The item's levels (own entries first, then each folder above) and what each level's reasons show. */
async function itemLevels(deps: Deps, who: Member, kind: ItemKind, id: string, proposed?: AclEntries) {
  const target = await aclTarget(deps.db, who, kind, id);
  requireAction(target.permissions, 'editPermissions', kind);
  let own: DecidingEntry[] = target.own;
  if (proposed) {
    const types = await subjectTypes(deps.db, who, proposed.map((e) => e.subject));
    own = proposed.flatMap((e) => {
      const subjectType = types.get(e.subject);
      return subjectType ? [{ subjectType, subjectId: e.subject, isGrant: e.is_grant, permissions: e.permissions }] : [];
    });
  }
  const readable = chainPermissions(target.levels, who).map((p) => (p & Permission.Read) !== 0);
  const origins: LevelOrigin[] = [
    { folder: null, readable: true },
    ...target.chain.map((folder, i) => ({ folder: { id: folder.id, name: folder.name }, readable: readable[i]! })),
  ];
  const levels: DecidingEntry[][] = [own, ...target.levels];
  return { levels, origins };
}

/** The names reasons show: the organisation's, and the roles' the levels name (one query). */
async function subjectNames(deps: Deps, who: Member, levels: readonly (readonly DecidingEntry[])[], members: readonly EffectiveMemberRow[]) {
  const names = new Map<string, string>([[who.orgId, who.orgName]]);
  for (const m of members) names.set(m.userId, m.username);
  const roleIds = rolesNamed(levels);
  if (roleIds.length > 0) {
    const found = await deps.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.orgId, who.orgId), inArray(roles.id, roleIds)));
    for (const r of found) names.set(r.id, r.name);
  }
  return names;
}

const rolesNamed = (levels: readonly (readonly DecidingEntry[])[]): string[] => [
  ...new Set(levels.flatMap((level) => level.filter((e) => e.subjectType === 'role').map((e) => e.subjectId))),
];

/** Members' bits and reasons by THE rule; one page's members and their roles come in one statement. */
async function membersPermissions(
  deps: Deps,
  who: Member,
  kind: ItemKind,
  id: string,
  filter: EffectiveMembersFilter,
  page: { skip: number; limit: number },
  proposed?: AclEntries,
): Promise<List<MemberPermissions>> {
  const { levels, origins } = await itemLevels(deps, who, kind, id, proposed);
  const { members, total } = await effectiveMembersPage(deps.db, who.orgId, filter, rolesNamed(levels), page);
  const names = await subjectNames(deps, who, levels, members);
  const results = members.map((member) => {
    const principal: Principal = { userId: member.userId, orgId: who.orgId, roleIds: new Set(member.roleIds), isOrgAdmin: member.isOrgAdmin };
    const decisions = member.isOrgAdmin ? [] : decideBits(levels, principal);
    return presentMemberPermissions(member, resolvePermissions(levels, principal), decisions, origins, names);
  });
  return { results, total };
}

/** GET documentation/{folders|documents}/{id}/effective-permissions (POST with a proposed list: the preview). */
export function effectivePermissions(
  deps: Deps,
  who: Member,
  kind: ItemKind,
  id: string,
  query: EffectivePermissionsParams,
  proposed?: AclEntries,
): Promise<List<MemberPermissions>> {
  return membersPermissions(deps, who, kind, id, { q: query.q }, query, proposed);
}

/** GET documentation/{folders|documents}/{id}/effective-permissions/{user_id}: one active member; else 404. */
export async function memberEffectivePermissions(deps: Deps, who: Member, kind: ItemKind, id: string, userId: string): Promise<MemberPermissions> {
  if (!isUuid(userId)) {
    // The item is judged first (404, 403), as for any id.
    await itemLevels(deps, who, kind, id);
    throw userNotFound();
  }
  const { results } = await membersPermissions(deps, who, kind, id, { q: '', userId }, { skip: 0, limit: 1 });
  const [found] = results;
  if (!found) throw userNotFound();
  return found;
}
