/**
 * The organisation's members as its admins manage them (accounts §2 Users, §5, §7 `users…`): list, read,
 * create an account and its membership at once, change, remove. Every change records its activity
 * event (UserCreated, UserUpdated, UserDeleted) in the same transaction.
 *
 * Rules kept here:
 * - A user id that is not a member of the caller's organisation (another organisation's, unknown,
 *   malformed) answers 404 `User not found`.
 * - The last org admin can be neither removed nor demoted: 409. The organisation's admin memberships
 *   are locked (FOR UPDATE) in the transaction, so two admins demoting each other at once leave one.
 * - Plan limits (`organisations.limit_users`, `limit_active_users`): see `assertRoomForMember`.
 * - `users.email` is the verified address (issue #10): an admin's new e-mail address for a user starts
 *   the same confirmation as Account Settings (services/email-change.ts).
 */
import { and, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { List } from '../../shared/api/list.ts';
import type { AdminUser, CreateUserBody, ListUsersParams, UpdateUserBody } from '../../shared/api/users.ts';
import { isUuid, uuidv7 } from '../../shared/ids.ts';
import { issueAccountToken } from '../auth/account-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newToken } from '../auth/tokens.ts';
import type { Queryable, Transaction } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { adminUserRow, adminUsersPage, countAdminUsers, type AdminUserRow } from '../db/queries/admin-users.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { aclEntries, invitations, loginSessions, memberships, organisations, roles, userRoles, users } from '../db/schema.ts';
import type { Deps, Member } from '../env.ts';
import { conflict, notFound } from '../errors.ts';
import { accountCreatedMessage } from '../mail/messages.ts';
import { presentAdminUser } from '../presenters/users.ts';
import { ACTIVATION_VALID_MS } from './accounts.ts';
import { revokeTokensOfRemovedMember } from './api-tokens.ts';
import { recordActivity } from './activity.ts';
import { avatarUrlMinter, takeOverAvatar } from './avatars.ts';
import { requestEmailChange } from './email-change.ts';
import { requireOwnIds } from './own-ids.ts';

export const userNotFound = () => notFound('User not found');
export const LAST_ADMIN = 'An organization needs at least one admin';
const USERNAME_TAKEN = 'A user with this username already exists';
const EMAIL_TAKEN = 'A user with this email already exists: invite them to add them to this organization';
const EMAIL_IN_USE = 'A user with this email already exists';
const SHARED_ACCOUNT =
  'This user also belongs to another organization: only they can change their e-mail address (in Account Settings)';

type RoleRef = { id: string; name: string };

// ─── Plan limits ──────────────────────────────────────────────────────────────────────────────────

export const usersLimitReached = (limit: number) => conflict(`This organization has reached its limit of ${limit} users`);
export const activeUsersLimitReached = (limit: number) => conflict(`This organization has reached its limit of ${limit} active users`);

/**
 * Refuses (409) a new member the plan has no room for. The organisation's row is locked for the rest of
 * the transaction, so that calls at the same moment are counted one after another.
 *
 * - `reserve` (creating a user, inviting): members plus pending invitations (not expired) count toward
 *   `limit_users`, and active members plus pending invitations toward `limit_active_users` — an
 *   invitation holds its seat until it is answered, cancelled or expires. A created user counts as
 *   active even before they activate their account (activating is theirs to do, and cannot be refused).
 * - `join` (accepting an invitation): its seat was held, so only members count: the invitee is refused
 *   only when members alone fill the plan (e.g. the limit was lowered, or users were created meanwhile).
 *   `alreadyMember` (a membership switched off coming back) adds no member.
 *
 * Active users are members whose membership and account are both active.
 */
export async function assertRoomForMember(
  tx: Transaction,
  orgId: string,
  now: Date,
  mode: 'reserve' | 'join',
  alreadyMember = false,
): Promise<void> {
  const [org] = await tx
    .select({ limitUsers: organisations.limitUsers, limitActiveUsers: organisations.limitActiveUsers })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .for('update');
  if (!org) throw notFound('Organization not found');
  const [members] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.orgId, orgId));
  const [active] = await tx
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.isActive, true), eq(users.isActive, true)));
  let pending = 0;
  if (mode === 'reserve') {
    const [row] = await tx
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending'), gt(invitations.expiry, now)));
    pending = row?.n ?? 0;
  }
  const added = alreadyMember ? 0 : 1;
  if ((members?.n ?? 0) + pending + added > org.limitUsers) throw usersLimitReached(org.limitUsers);
  if ((active?.n ?? 0) + pending + 1 > org.limitActiveUsers) throw activeUsersLimitReached(org.limitActiveUsers);
}

// ─── The last admin ───────────────────────────────────────────────────────────────────────────────

/**
 * Refuses (409) when `userId` is the organisation's only admin. Locks the admin memberships until the
 * end of the transaction: a concurrent demotion or removal waits, then sees this one's outcome.
 */
async function assertAnotherAdmin(tx: Transaction, orgId: string, userId: string): Promise<void> {
  const admins = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.isOrgAdmin, true), eq(memberships.isActive, true)))
    .for('update');
  if (!admins.some((a) => a.userId !== userId)) throw conflict(LAST_ADMIN);
}

// ─── Reading ──────────────────────────────────────────────────────────────────────────────────────

/** GET users: one page of the organisation's members and how many the filter keeps. */
export async function listUsers(deps: Deps, who: Member, params: ListUsersParams): Promise<List<AdminUser>> {
  const filter = { q: params.q, roleIds: params.role_filters };
  const [page, total] = await Promise.all([
    adminUsersPage(deps.db, who.orgId, filter, params),
    countAdminUsers(deps.db, who.orgId, filter),
  ]);
  const urlOf = await avatarUrlMinter(deps.config, deps.now());
  return { results: page.map((row) => presentAdminUser(row, urlOf)), total };
}

async function findMember(db: Queryable, orgId: string, id: string): Promise<AdminUserRow> {
  if (!isUuid(id)) throw userNotFound();
  const row = await adminUserRow(db, orgId, id.toLowerCase());
  if (!row) throw userNotFound();
  return row;
}

/** One member as the admin screens show them, with their avatar's address. */
async function present(deps: Deps, row: AdminUserRow): Promise<AdminUser> {
  return presentAdminUser(row, await avatarUrlMinter(deps.config, deps.now()));
}

/** GET users/{id}. */
export async function getUser(deps: Deps, who: Member, id: string): Promise<AdminUser> {
  return present(deps, await findMember(deps.db, who.orgId, id));
}

// ─── Creating ─────────────────────────────────────────────────────────────────────────────────────

/** What the activity log keeps of a user: enough to show them without looking anything up. */
const userContext = (row: AdminUserRow) => ({
  user_id: row.userId,
  username: row.username,
  full_name: row.fullName,
  email: row.email,
});

const roleFields = (ids: readonly string[]) => ids.map((id, i) => ({ field: `roles.${i}`, kind: 'role' as const, id }));

/**
 * POST users/ (org admins): a new account and its membership at once. The username and the e-mail
 * address must be free across all accounts (an existing person is invited instead). An inactive account
 * (`is_active: false`) gets an activation mail saying which admin made it, for which organisation; an
 * active one can sign in at once.
 *
 * The admin's password is temporary (`must_change_password`; services/temporary-passwords.ts): signing in
 * with it, or activating, only leads to choosing the owner's own. Without a password the account is
 * created inactive whatever `is_active` says — the activation mail is then the only way in — and its
 * stored hash is of a random secret nobody knows, so signing in takes the same time and fails.
 */
export async function createUser(
  deps: Deps,
  who: Member,
  body: Omit<Required<CreateUserBody>, 'password'> & Pick<CreateUserBody, 'password'>,
): Promise<AdminUser> {
  const passwordHash = await hashPassword(body.password ?? newToken());
  const isActive = body.is_active && body.password != null;
  const created = await deps.db
    .transaction(async (tx) => {
      const now = deps.now();
      await requireOwnIds(tx, who.orgId, roleFields(body.roles));
      const [byName] = await tx.select({ id: users.id }).from(users).where(equalsIgnoringCase(users.username, body.username));
      if (byName) throw conflict(USERNAME_TAKEN);
      const [byEmail] = await tx.select({ id: users.id }).from(users).where(equalsIgnoringCase(users.email, body.email));
      if (byEmail) throw conflict(EMAIL_TAKEN);
      // Pending invitations to the address stop holding a seat: the person is joining now.
      await tx
        .update(invitations)
        .set({ status: 'cancelled', answeredAt: now })
        .where(and(eq(invitations.orgId, who.orgId), equalsIgnoringCase(invitations.email, body.email), eq(invitations.status, 'pending')));
      await assertRoomForMember(tx, who.orgId, now, 'reserve');
      const userId = uuidv7(now.getTime());
      await tx.insert(users).values({
        id: userId,
        username: body.username,
        email: body.email,
        fullName: body.full_name,
        passwordHash,
        mustChangePassword: true,
        isActive,
        avatar: null,
        createdAt: now,
      });
      // The picture the admin uploaded for this user becomes theirs (422 naming avatar unless it is the admin's completed avatar upload).
      if (body.avatar !== null) await takeOverAvatar(tx, deps.config, { uploadId: body.avatar, uploaderId: who.userId, userId, now });
      await tx.insert(memberships).values({ orgId: who.orgId, userId, isOrgAdmin: body.is_org_admin, createdAt: now });
      const roleIds = [...new Set(body.roles.map((r) => r.toLowerCase()))];
      if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ roleId, userId })));
      if (!isActive) {
        const token = await issueAccountToken(tx, userId, 'activation', now, ACTIVATION_VALID_MS);
        const url = `${deps.config.publicUrl}/auth/activate?token=${encodeURIComponent(token)}`;
        const [admin] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, who.userId));
        await deps.mail.add(tx, accountCreatedMessage(body.email, body.full_name, who.orgName, admin?.fullName || who.username, url));
      }
      const row = (await adminUserRow(tx, who.orgId, userId))!;
      await recordActivity(tx, {
        type: 'UserCreated',
        orgId: who.orgId,
        actorId: who.userId,
        at: now,
        context: { ...userContext(row), is_org_admin: row.isOrgAdmin, roles: row.roles },
      });
      return row;
    })
    .catch((err: unknown) => {
      // Another account took the username or the address since it was checked.
      if (isUniqueViolation(err, 'users_username_key')) throw conflict(USERNAME_TAKEN);
      if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN);
      throw err;
    });
  if (!isActive) deps.mail.deliverSoon();
  return present(deps, created);
}

// ─── Changing ─────────────────────────────────────────────────────────────────────────────────────

const sameRoles = (a: readonly RoleRef[], b: readonly RoleRef[]) =>
  a.length === b.length && a.every((r) => b.some((s) => s.id === r.id));

/**
 * PUT users/{id} (org admins): a field left out keeps its value. `roles` replaces the user's roles in
 * this organisation. A new e-mail address is only asked for (confirmation link to it, notice to the old
 * one); the answer shows the old address until it is confirmed. Records UserUpdated with the previous
 * values of what changed; a save that changes nothing records nothing.
 */
export async function updateUser(deps: Deps, who: Member, id: string, body: UpdateUserBody): Promise<AdminUser> {
  let mailQueued = false;
  const updated = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const before = await findMember(tx, who.orgId, id);
    const userId = before.userId;
    if (body.roles) await requireOwnIds(tx, who.orgId, roleFields(body.roles));
    const demoted = body.is_org_admin === false && before.isOrgAdmin;
    if (demoted) await assertAnotherAdmin(tx, who.orgId, userId);

    const context: Record<string, unknown> = {};
    if (body.full_name !== undefined && body.full_name !== before.fullName) {
      await tx.update(users).set({ fullName: body.full_name }).where(eq(users.id, userId));
      context.previous_full_name = before.fullName;
    }
    if (body.is_org_admin !== undefined && body.is_org_admin !== before.isOrgAdmin) {
      await tx
        .update(memberships)
        .set({ isOrgAdmin: body.is_org_admin })
        .where(and(eq(memberships.orgId, who.orgId), eq(memberships.userId, userId)));
      context.previous_is_org_admin = before.isOrgAdmin;
    }
    if (body.roles) {
      const wanted = [...new Set(body.roles.map((r) => r.toLowerCase()))];
      if (!sameRoles(before.roles, wanted.map((rid) => ({ id: rid, name: '' })))) {
        await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, orgRoleIds(tx, who.orgId))));
        if (wanted.length > 0) await tx.insert(userRoles).values(wanted.map((roleId) => ({ roleId, userId })));
        context.previous_roles = before.roles;
      }
    }
    if (body.email !== undefined && body.email !== before.email.toLowerCase()) {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (user!.pendingEmail !== body.email) {
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(equalsIgnoringCase(users.email, body.email), ne(users.id, userId)));
        if (holder) throw conflict(EMAIL_IN_USE);
        const [elsewhere] = await tx
          .select({ orgId: memberships.orgId })
          .from(memberships)
          .where(and(eq(memberships.userId, userId), ne(memberships.orgId, who.orgId)))
          .limit(1);
        if (elsewhere) throw conflict(SHARED_ACCOUNT);
        // Recorded as this organisation's request: it lapses if the user joins another (email-change.ts).
        await requestEmailChange(deps, tx, user!, body.email, who.orgId);
        mailQueued = true;
        context.requested_email = body.email;
      }
    }
    const after = (await adminUserRow(tx, who.orgId, userId))!;
    if (Object.keys(context).length > 0) {
      await recordActivity(tx, {
        type: 'UserUpdated',
        orgId: who.orgId,
        actorId: who.userId,
        at: now,
        context: { ...userContext(after), is_org_admin: after.isOrgAdmin, roles: after.roles, ...context },
      });
    }
    return after;
  });
  if (mailQueued) deps.mail.deliverSoon();
  return present(deps, updated);
}

/** The ids of the organisation's roles, as a subquery. */
const orgRoleIds = (db: Queryable, orgId: string) => db.select({ id: roles.id }).from(roles).where(eq(roles.orgId, orgId));

// ─── Removing ─────────────────────────────────────────────────────────────────────────────────────

/**
 * DELETE users/{id} (org admins), in one transaction: the membership and the user's roles of this
 * organisation go, and so do the organisation's ACL entries naming the user (no one could see or save
 * them any more: the ACL editor names members only); every login session of the user whose current
 * organisation is this one ends at once (its token answers 401 from then on). The account stays: it
 * may belong to other organisations, and is the person's own.
 */
export async function deleteUser(deps: Deps, who: Member, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const member = await findMember(tx, who.orgId, id);
    const userId = member.userId;
    if (member.isOrgAdmin) await assertAnotherAdmin(tx, who.orgId, userId);
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, orgRoleIds(tx, who.orgId))));
    const removedEntries = await tx
      .delete(aclEntries)
      .where(and(eq(aclEntries.orgId, who.orgId), eq(aclEntries.subjectType, 'user'), eq(aclEntries.subjectId, userId)))
      .returning({ id: aclEntries.id });
    await tx.delete(memberships).where(and(eq(memberships.orgId, who.orgId), eq(memberships.userId, userId)));
    await tx
      .update(loginSessions)
      .set({ endedAt: now })
      .where(and(eq(loginSessions.userId, userId), eq(loginSessions.orgId, who.orgId), isNull(loginSessions.endedAt)));
    // Their API tokens for this organisation end too (issue #34): rejoining does not bring them back.
    const apiTokensRevoked = await revokeTokensOfRemovedMember(tx, who.orgId, userId, who.userId, now);
    await recordActivity(tx, {
      type: 'UserDeleted',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      context: { ...userContext(member), is_org_admin: member.isOrgAdmin, roles: member.roles, acl_entries_removed: removedEntries.length, api_tokens_revoked: apiTokensRevoked },
    });
  });
}
