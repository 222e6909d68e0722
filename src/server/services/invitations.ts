/** Invitations to join an organisation: sent by org admins, answered by the invitee. */
import { and, asc, count, eq, gt, inArray, lte } from 'drizzle-orm';
import type { InvitationPublic, OrgInvitation } from '../../shared/api/accounts.ts';
import type { List } from '../../shared/api/list.ts';
import { INVITATION_VALID_DAYS } from '../../shared/constants.ts';
import { isUuid, uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { invitations, loginSessions, memberships, organisations, roles, userRoles, users } from '../db/schema.ts';
import type { Caller, Deps, Member, UserRow } from '../env.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { invitationMessage } from '../mail/messages.ts';
import { presentOrgInvitation } from '../presenters/accounts.ts';

const DAY = 24 * 60 * 60 * 1000;
type InvitationRow = typeof invitations.$inferSelect;

export function invitationUrl(deps: Deps, id: string): string {
  return `${deps.config.publicUrl}/invitation/${id}`;
}

/**
 * Invites an e-mail address into the member's organisation (org admins: routes/users.ts), valid for 7
 * days, and e-mails the link (queued in the same transaction). One invitation per organisation and
 * address is pending at a time (a unique index, so calls at the same moment make one): a pending one
 * still valid refuses the call, one past its expiry is marked expired and replaced.
 */
export async function inviteUser(
  deps: Deps,
  who: Member,
  inviter: UserRow,
  email: string,
  roleIds: string[],
): Promise<OrgInvitation> {
  const now = deps.now();
  const orgId = who.orgId;
  const invitation = await deps.db.transaction(async (tx) => {
    const roleRefs = await rolesOfOrganisation(tx, orgId, roleIds);
    if (roleRefs.length !== new Set(roleIds).size) throw notFound('Role not found');
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.orgId, orgId), equalsIgnoringCase(users.email, email)));
    if (member) throw badRequest(`${email} is already a member of this organization`);
    const pendingTo = and(eq(invitations.orgId, orgId), equalsIgnoringCase(invitations.email, email), eq(invitations.status, 'pending'));
    const [pending] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(pendingTo, gt(invitations.expiry, now)));
    if (pending) throw alreadyPending(email);
    await tx
      .update(invitations)
      .set({ status: 'expired' })
      .where(and(pendingTo, lte(invitations.expiry, now)));
    const [row] = await tx
      .insert(invitations)
      .values({
        id: uuidv7(now.getTime()),
        orgId,
        email,
        roleIds: roleRefs.map((r) => r.id),
        invitedBy: who.userId,
        createdAt: now,
        expiry: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY),
      })
      .returning()
      .catch((err: unknown) => {
        // Another call for the same address committed its invitation first.
        if (isUniqueViolation(err, 'invitations_pending_email_key')) throw alreadyPending(email);
        throw err;
      });
    await deps.mail.add(tx, invitationMessage(email, who.orgName, inviter.fullName, invitationUrl(deps, row!.id)));
    return presentOrgInvitation(row!, roleRefs);
  });
  deps.mail.deliverSoon();
  return invitation;
}

const alreadyPending = (email: string) => badRequest(`An invitation to ${email} is already pending`);

/** The organisation's pending invitations, newest first. */
export async function listOrgInvitations(db: Queryable, orgId: string): Promise<List<OrgInvitation>> {
  const where = and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending'));
  const rows = await db.select().from(invitations).where(where).orderBy(asc(invitations.createdAt));
  const [total] = await db.select({ n: count() }).from(invitations).where(where);
  const allRoles = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.orgId, orgId));
  const byId = new Map(allRoles.map((r) => [r.id, r]));
  return {
    results: rows.map((row) => presentOrgInvitation(row, row.roleIds.flatMap((id) => byId.get(id) ?? []))),
    total: total?.n ?? 0,
  };
}

/** What anyone holding the link may see: the organisation's name. Refused once cancelled, declined or expired. */
export async function publicInvitation(db: Queryable, id: string, now: Date): Promise<InvitationPublic> {
  const row = await findInvitation(db, id);
  if (row.invitation.status !== 'accepted') assertOpen(row.invitation, now);
  return {
    id: row.invitation.id,
    org_id: row.invitation.orgId,
    org_name: row.orgName,
    email: row.invitation.email,
    expiry: row.invitation.expiry.toISOString(),
  };
}

/**
 * Accepts (the caller joins with the invitation's roles, and the organisation becomes current when none
 * is) or declines. Only for the invited e-mail address, and only while the invitation is open.
 */
export async function answerInvitation(deps: Deps, caller: Caller, id: string, accept: boolean): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { invitation } = await findInvitation(tx, id);
    assertOpen(invitation, now);
    // users.email is the verified address: a new one counts only once confirmed from its link (email-change.ts).
    if (invitation.email.toLowerCase() !== caller.user.email.toLowerCase()) {
      throw forbidden('This invitation was sent to another e-mail address');
    }
    const [answered] = await tx
      .update(invitations)
      .set({ status: accept ? 'accepted' : 'declined', answeredAt: now })
      .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id });
    if (!answered) {
      // Answered (or cancelled) by a concurrent request since it was read: refuse as if it had come first.
      assertOpen((await findInvitation(tx, id)).invitation, now);
      throw badRequest('This invitation has already been answered');
    }
    if (!accept) return;
    await tx
      .insert(memberships)
      .values({ orgId: invitation.orgId, userId: caller.user.id, createdAt: now })
      .onConflictDoUpdate({ target: [memberships.orgId, memberships.userId], set: { isActive: true } });
    const roleRefs = await rolesOfOrganisation(tx, invitation.orgId, invitation.roleIds);
    if (roleRefs.length > 0) {
      await tx
        .insert(userRoles)
        .values(roleRefs.map((r) => ({ roleId: r.id, userId: caller.user.id })))
        .onConflictDoNothing();
    }
    if (!caller.session.orgId) {
      await tx.update(loginSessions).set({ orgId: invitation.orgId }).where(eq(loginSessions.id, caller.session.id));
      caller.session.orgId = invitation.orgId;
    }
  });
}

async function findInvitation(db: Queryable, id: string): Promise<{ invitation: InvitationRow; orgName: string }> {
  if (!isUuid(id)) throw notFound('Invitation not found');
  const [row] = await db
    .select({ invitation: invitations, orgName: organisations.name })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .where(eq(invitations.id, id));
  if (!row) throw notFound('Invitation not found');
  return row;
}

function assertOpen(invitation: InvitationRow, now: Date): void {
  if (invitation.status === 'cancelled') throw badRequest('This invitation has been cancelled');
  if (invitation.status === 'declined') throw badRequest('This invitation has been declined');
  if (invitation.status === 'accepted') throw badRequest('This invitation has already been accepted');
  if (invitation.status === 'expired') throw badRequest('This invitation has expired');
  if (invitation.expiry.getTime() <= now.getTime()) throw badRequest('This invitation has expired');
}

/** Role ids of `ids` that belong to the organisation (anything else is dropped by the caller or refused). */
export async function rolesOfOrganisation(db: Queryable, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.orgId, orgId), inArray(roles.id, ids)));
}
