/**
 * Invitations to join an organisation: sent, changed and cancelled by org admins, answered by the
 * invitee. Inviting and accepting are refused (409) when the plan has no room (services/users.ts
 * assertRoomForMember: a pending invitation holds a seat until it is answered, cancelled or expires).
 */
import { and, asc, count, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import type { InvitationPublic, OrgInvitation, PendingInvitation } from '../../shared/api/accounts.ts';
import type { List } from '../../shared/api/list.ts';
import type { UpdateInvitationBody } from '../../shared/api/users.ts';
import { INVITATION_VALID_DAYS } from '../../shared/constants.ts';
import { sentence } from '../../shared/api/field-errors.ts';
import { isUuid, uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { invitations, loginSessions, memberships, organisations, roles, userRoles, users } from '../db/schema.ts';
import type { SessionCaller, Deps, Member, UserRow } from '../env.ts';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../errors.ts';
import { invitationMessage } from '../mail/messages.ts';
import { presentOrgInvitation, presentPendingInvitation } from '../presenters/accounts.ts';
import { recordActivity } from './activity.ts';
import { dropAdminEmailChange } from './email-change.ts';
import { requireOwnIds } from './own-ids.ts';
import { assertRoomForMember } from './users.ts';

const DAY = 24 * 60 * 60 * 1000;
type InvitationRow = typeof invitations.$inferSelect;

/** Invitations waiting for an e-mail address (`auth/invites`): pending and not expired, oldest first. */
export async function pendingInvitationsFor(db: Queryable, email: string, now: Date): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: invitations.id, orgId: invitations.orgId, orgName: organisations.name, expiry: invitations.expiry })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .where(and(equalsIgnoringCase(invitations.email, email), eq(invitations.status, 'pending'), gt(invitations.expiry, now)))
    .orderBy(asc(invitations.createdAt));
  return rows.map(presentPendingInvitation);
}

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
    await requireOwnIds(tx, orgId, roleIds.map((id, i) => ({ field: `roles.${i}`, kind: 'role' as const, id })));
    const roleRefs = await rolesOfOrganisation(tx, orgId, roleIds);
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
    await assertRoomForMember(tx, orgId, now, 'reserve');
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
    await deps.mail.add(tx, invitationMessage(email, who.orgName, inviter.fullName, invitationUrl(deps, row!.id), row!.expiry));
    await recordActivity(tx, {
      type: 'InvitationSent',
      orgId,
      actorId: who.userId,
      at: now,
      context: { invitation_id: row!.id, email, roles: roleRefs },
    });
    return presentOrgInvitation(row!, roleRefs);
  });
  deps.mail.deliverSoon();
  return invitation;
}

const alreadyPending = (email: string) => badRequest(`An invitation to ${email} is already pending`);

export const invitationNotFound = () => notFound('Invitation not found');
/** How long an admin may make an invitation run, from now. */
export const MAX_INVITATION_DAYS = 30;
/** The refusals of an expiry, as the dialog shows them (sentences: no field name in front). */
const EXPIRY_PAST = sentence('Expiry must be in the future');
const EXPIRY_TOO_FAR = sentence(`Expiry must be at most ${MAX_INVITATION_DAYS} days from now`);

/** A pending invitation of the organisation, locked for the rest of the transaction; 404 for anything else, 409 once answered. */
async function lockOrgInvitation(tx: Queryable, orgId: string, id: string): Promise<InvitationRow> {
  if (!isUuid(id)) throw invitationNotFound();
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.orgId, orgId)))
    .for('update');
  if (!row) throw invitationNotFound();
  if (row.status !== 'pending') throw conflict(`This invitation has been ${row.status === 'expired' ? 'replaced' : row.status}`);
  return row;
}

/**
 * PUT auth/org-invites/{id} (org admins): changes a pending invitation's address, expiry or roles; a new
 * address or `resend_email` mails the link again (queued in the transaction). An invitation past its
 * expiry may be given a new one (that is how an admin renews it). The expiry must be in the future and
 * at most MAX_INVITATION_DAYS away (422).
 */
export async function updateInvitation(
  deps: Deps,
  who: Member,
  inviter: UserRow,
  id: string,
  body: Omit<UpdateInvitationBody, 'resend_email'> & { resend_email: boolean },
): Promise<OrgInvitation> {
  const now = deps.now();
  let mailed = false;
  const answer = await deps.db
    .transaction(async (tx) => {
      const before = await lockOrgInvitation(tx, who.orgId, id);
      let expiry = before.expiry;
      if (body.expiry !== undefined) {
        expiry = new Date(body.expiry);
        if (expiry.getTime() <= now.getTime()) throw validationFailed([{ field: 'expiry', message: EXPIRY_PAST }]);
        if (expiry.getTime() > now.getTime() + MAX_INVITATION_DAYS * DAY) {
          throw validationFailed([{ field: 'expiry', message: EXPIRY_TOO_FAR }]);
        }
      }
      if (expiry.getTime() <= now.getTime()) throw conflict('This invitation has expired: give it a new expiry');
      const roleIds = body.roles ?? before.roleIds;
      if (body.roles) await requireOwnIds(tx, who.orgId, body.roles.map((rid, i) => ({ field: `roles.${i}`, kind: 'role' as const, id: rid })));
      const roleRefs = await rolesOfOrganisation(tx, who.orgId, roleIds);
      const email = body.email ?? before.email;
      const newAddress = email !== before.email.toLowerCase();
      if (newAddress) {
        const [member] = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.orgId, who.orgId), equalsIgnoringCase(users.email, email)));
        if (member) throw conflict(`${email} is already a member of this organization`);
        const [other] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(and(eq(invitations.orgId, who.orgId), equalsIgnoringCase(invitations.email, email), eq(invitations.status, 'pending'), ne(invitations.id, before.id)));
        if (other) throw conflict(`An invitation to ${email} is already pending`);
      }
      const [row] = await tx
        .update(invitations)
        .set({ email, expiry, roleIds: roleRefs.map((r) => r.id) })
        .where(eq(invitations.id, before.id))
        .returning();
      if (newAddress || body.resend_email) {
        await deps.mail.add(tx, invitationMessage(email, who.orgName, inviter.fullName, invitationUrl(deps, row!.id), row!.expiry));
        mailed = true;
      }
      return presentOrgInvitation(row!, roleRefs);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'invitations_pending_email_key')) throw conflict(`An invitation to ${body.email} is already pending`);
      throw err;
    });
  if (mailed) deps.mail.deliverSoon();
  return answer;
}

/** DELETE auth/org-invites/{id} (org admins): the pending invitation is cancelled; its link stops working. */
export async function cancelInvitation(deps: Deps, who: Member, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrgInvitation(tx, who.orgId, id);
    await tx.update(invitations).set({ status: 'cancelled', answeredAt: deps.now() }).where(eq(invitations.id, row.id));
  });
}

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
 * is) or declines. Only for the invited e-mail address, and only while the invitation is open. Joining
 * drops an e-mail change another organisation's admin asked for (email-change.ts dropAdminEmailChange).
 */
export async function answerInvitation(deps: Deps, caller: SessionCaller, id: string, accept: boolean): Promise<void> {
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
    const answer = { invitation_id: invitation.id, email: invitation.email };
    if (!accept) {
      await recordActivity(tx, { type: 'InvitationDeclined', orgId: invitation.orgId, actorId: caller.user.id, at: now, context: answer });
      return;
    }
    const [existing] = await tx
      .select({ isActive: memberships.isActive })
      .from(memberships)
      .where(and(eq(memberships.orgId, invitation.orgId), eq(memberships.userId, caller.user.id)));
    if (!existing?.isActive) await assertRoomForMember(tx, invitation.orgId, now, 'join', existing !== undefined);
    await dropAdminEmailChange(tx, caller.user.id, invitation.orgId);
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
    // Accepted: the invitee joins (one entry for both).
    await recordActivity(tx, {
      type: 'InvitationAccepted',
      orgId: invitation.orgId,
      actorId: caller.user.id,
      at: now,
      context: { ...answer, user_id: caller.user.id, username: caller.user.username, roles: roleRefs },
    });
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
