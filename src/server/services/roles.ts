/**
 * Roles of the current organisation: any member may list and read them (the ACL editor and the user
 * screens need their names); only org admins create, change and delete them (routes/roles.ts). Every change records its
 * activity event (RoleCreated, RoleUpdated, RoleDeleted) in the same transaction.
 *
 * A missing role, another organisation's and a malformed id all answer the same 404 `Role not found`.
 * Names are unique in an organisation ignoring case (index `roles_org_name_key`): a second one is 409.
 */
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { List } from '../../shared/api/list.ts';
import type { ListRolesParams, Role, RoleWithHolders, UpdateRoleBody } from '../../shared/api/roles.ts';
import { MAX_USERS_PAGE_SIZE } from '../../shared/api/users.ts';
import { isUuid, uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { dropRoleFromPendingInvitations, ROLE_ORDER_COLUMNS } from '../db/queries/roles.ts';
import { lowerCase } from '../db/queries/text.ts';
import { aclEntries, memberships, roles, userRoles, users } from '../db/schema.ts';
import type { Deps, Member } from '../env.ts';
import { conflict, notFound } from '../errors.ts';
import { presentRole } from '../presenters/roles.ts';
import { presentRoleHolder } from '../presenters/users.ts';
import { recordActivity } from './activity.ts';

type RoleRow = typeof roles.$inferSelect;

export const roleNotFound = () => notFound('Role not found');
const nameTaken = (name: string) => conflict(`A role named "${name}" already exists in this organization`);

/** What the activity log keeps of a role: enough to show it without looking it up. */
const roleContext = (row: RoleRow) => ({
  role_id: row.id,
  name: row.name,
  description: row.description,
  list_filterable: row.listFilterable,
});

/** The role `id` of the organisation, locked for the rest of the transaction when `forUpdate`. */
async function findRole(db: Queryable, orgId: string, id: string, forUpdate = false): Promise<RoleRow> {
  if (!isUuid(id)) throw roleNotFound();
  const query = db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.orgId, orgId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw roleNotFound();
  return row;
}

/** A LIKE pattern that matches `text` literally anywhere (backslash is PostgreSQL's default escape). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET roles: one page, filtered by `q` (name or description, ignoring case), in the order asked; ties by id. */
export async function listRoles(deps: Deps, who: Member, params: ListRolesParams): Promise<List<Role>> {
  const where = and(
    eq(roles.orgId, who.orgId),
    params.q ? or(ilike(roles.name, containing(params.q)), ilike(roles.description, containing(params.q))) : undefined,
  );
  const orderBy = params.ordering.flatMap(({ field, descending }) =>
    ROLE_ORDER_COLUMNS[field].map((column) => (descending ? desc(column) : asc(column))),
  );
  const rows = await deps.db
    .select()
    .from(roles)
    .where(where)
    .orderBy(...orderBy, asc(roles.id))
    .offset(params.skip)
    .limit(params.limit);
  const [total] = await deps.db.select({ n: count() }).from(roles).where(where);
  return { results: rows.map(presentRole), total: total?.n ?? 0 };
}

/**
 * GET roles/{id}: the role and the members holding it, by username ignoring case (at most
 * MAX_USERS_PAGE_SIZE: accounts §7's 100000 users per role). user_roles' primary key (role_id, user_id)
 * finds the holders; the membership join keeps only this organisation's members.
 */
export async function getRole(deps: Deps, who: Member, id: string): Promise<RoleWithHolders> {
  const role = await findRole(deps.db, who.orgId, id);
  const holders = await deps.db
    .select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(memberships, and(eq(memberships.userId, userRoles.userId), eq(memberships.orgId, who.orgId)))
    .where(eq(userRoles.roleId, role.id))
    .orderBy(lowerCase(users.username), asc(users.username), asc(users.id))
    .limit(MAX_USERS_PAGE_SIZE);
  return { ...presentRole(role), users: holders.map(presentRoleHolder) };
}

/** POST roles (org admins). */
export async function createRole(
  deps: Deps,
  who: Member,
  body: { name: string; description: string; list_filterable: boolean },
): Promise<Role> {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values({
          id: uuidv7(now.getTime()),
          orgId: who.orgId,
          name: body.name,
          description: body.description,
          listFilterable: body.list_filterable,
          createdAt: now,
        })
        .returning();
      await recordActivity(tx, { type: 'RoleCreated', orgId: who.orgId, actorId: who.userId, at: now, context: roleContext(row!) });
      return presentRole(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'roles_org_name_key')) throw nameTaken(body.name);
    throw err;
  }
}

/** PUT roles/{id} (org admins): fields left out keep their values; a save that changes nothing records nothing. */
export async function updateRole(deps: Deps, who: Member, id: string, body: UpdateRoleBody): Promise<Role> {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await findRole(tx, who.orgId, id, true);
      const name = body.name;
      const description = body.description ?? before.description;
      const listFilterable = body.list_filterable ?? before.listFilterable;
      if (name === before.name && description === before.description && listFilterable === before.listFilterable) {
        return presentRole(before);
      }
      const [after] = await tx
        .update(roles)
        .set({ name, description, listFilterable })
        .where(eq(roles.id, before.id))
        .returning();
      await recordActivity(tx, {
        type: 'RoleUpdated',
        orgId: who.orgId,
        actorId: who.userId,
        at: now,
        context: {
          ...roleContext(after!),
          previous_name: before.name,
          previous_description: before.description,
          previous_list_filterable: before.listFilterable,
        },
      });
      return presentRole(after!);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'roles_org_name_key')) throw nameTaken(body.name);
    throw err;
  }
}

/**
 * DELETE roles/{id} (org admins), in one transaction: its members lose it (user_roles cascade), the ACL
 * entries naming it go (no one holds the role any more, so no one's permissions change; left behind they
 * would show with an empty name and make the item's ACL unsavable, since a save names only live
 * subjects), and pending invitations stop offering it.
 */
export async function deleteRole(deps: Deps, who: Member, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const role = await findRole(tx, who.orgId, id, true);
    const [members] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, role.id));
    const removedEntries = await tx
      .delete(aclEntries)
      .where(and(eq(aclEntries.orgId, who.orgId), eq(aclEntries.subjectType, 'role'), eq(aclEntries.subjectId, role.id)))
      .returning({ id: aclEntries.id });
    await dropRoleFromPendingInvitations(tx, who.orgId, role.id);
    await tx.delete(roles).where(eq(roles.id, role.id));
    await recordActivity(tx, {
      type: 'RoleDeleted',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      context: { ...roleContext(role), members: members?.n ?? 0, acl_entries_removed: removedEntries.length },
    });
  });
}
