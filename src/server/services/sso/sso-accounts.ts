/**
 * Who a verified sign-in through an organisation's provider is (issue #48; docs/sso.md "Accounts"):
 * - the person the provider's (issuer, subject) was linked to: a changed address at the provider moves nothing;
 * - else, with no account of that verified address, a new account made just in time, with the connection's
 *   role, counted against the plan's users (refused past it);
 * - else the existing account of that address, once the person proved it is theirs before this flow
 *   (a password sign-in or a mailed link: the flow's `linkUserId`); until then `link-needed`.
 * Everything is written in one transaction with the login session, or nothing is.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from '../../../shared/ids.ts';
import { openLoginSession, type Device } from '../../auth/login-sessions.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { newToken } from '../../auth/tokens.ts';
import type { Transaction } from '../../db/connection.ts';
import { equalsIgnoringCase } from '../../db/queries/text.ts';
import { memberships, ssoConnections, ssoIdentities, userRoles, users } from '../../db/schema.ts';
import type { Deps, UserRow } from '../../env.ts';
import { HttpError } from '../../errors.ts';
import { recordActivity } from '../activity.ts';
import { assertRoomForMember } from '../users.ts';
import type { FlowRow } from './flows.ts';
import type { ProviderClaims } from './provider-answer.ts';
import { refusals } from './refusal.ts';

type ConnectionRow = typeof ssoConnections.$inferSelect;

export type SsoOutcome = { kind: 'signed-in'; token: string } | { kind: 'link-needed'; email: string };

/** Signs the person in to the connection's organisation, making or linking their account as needed. */
export async function signInThroughProvider(deps: Deps, connection: ConnectionRow, flow: FlowRow, claims: ProviderClaims, device: Device): Promise<SsoOutcome> {
  const passwordHash = await hashPassword(newToken());
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [linked] = await tx
      .select({ user: users })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.issuer, claims.issuer), eq(ssoIdentities.subject, claims.subject)));
    let user = linked?.user;
    if (!user) {
      const email = verifiedAddress(connection, claims);
      const [existing] = await tx.select().from(users).where(equalsIgnoringCase(users.email, email)).for('update');
      if (existing && flow.linkUserId !== existing.id) return { kind: 'link-needed', email } as const;
      user = existing ?? (await newAccount(tx, claims, email, passwordHash, now));
      await tx.insert(ssoIdentities).values({ issuer: claims.issuer, subject: claims.subject, userId: user.id, orgId: connection.orgId, createdAt: now });
      if (existing) await recordActivity(tx, accountEvent('SsoAccountLinked', connection, user, now));
    }
    await joinOrganisation(tx, connection, user, now);
    // A login session in the organisation, marked as the provider's (required SSO, back-channel logout).
    const sso = { orgId: connection.orgId, issuer: claims.issuer, subject: claims.subject, sid: claims.sid };
    return { kind: 'signed-in', token: await openLoginSession(tx, deps, user.id, device, connection.orgId, sso) } as const;
  });
}

/** The address the provider verified, within the connection's domains; a refusal otherwise. */
function verifiedAddress(connection: ConnectionRow, claims: ProviderClaims): string {
  if (!claims.email || !claims.emailVerified) throw refusals.unverifiedEmail();
  const domain = claims.email.split('@')[1] ?? '';
  if (!connection.domains.includes(domain)) throw refusals.otherDomain();
  return claims.email;
}

const accountEvent = (type: 'SsoAccountCreated' | 'SsoAccountLinked', connection: ConnectionRow, user: UserRow, at: Date) => ({
  type,
  orgId: connection.orgId,
  actorId: user.id,
  at,
  context: { issuer: connection.issuer, user_id: user.id, username: user.username, email: user.email },
});

/** A username not taken yet, from the address's local part. */
async function freeUsername(tx: Transaction, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40) || 'user';
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const [taken] = await tx.select({ id: users.id }).from(users).where(equalsIgnoringCase(users.username, candidate));
    if (!taken) return candidate;
  }
  return `${base}-${randomBytes(8).toString('hex')}`;
}

/** The account made just in time: active (the provider verified the address), with a password nobody knows. */
async function newAccount(tx: Transaction, claims: ProviderClaims, email: string, passwordHash: string, now: Date): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({ id: uuidv7(now.getTime()), username: await freeUsername(tx, email), email, fullName: claims.name ?? email, passwordHash, isActive: true, createdAt: now })
    .returning();
  return user!;
}

/** Makes the person a member (with the connection's role, counted against the plan), unless they are one. */
async function joinOrganisation(tx: Transaction, connection: ConnectionRow, user: UserRow, now: Date): Promise<void> {
  const [membership] = await tx.select().from(memberships).where(and(eq(memberships.orgId, connection.orgId), eq(memberships.userId, user.id)));
  if (membership) {
    if (!membership.isActive) throw refusals.inactive();
    return;
  }
  try {
    await assertRoomForMember(tx, connection.orgId, now, 'reserve');
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) throw refusals.planFull(err.message);
    throw err;
  }
  await tx.insert(memberships).values({ orgId: connection.orgId, userId: user.id, isOrgAdmin: false, createdAt: now });
  if (connection.defaultRoleId) await tx.insert(userRoles).values({ roleId: connection.defaultRoleId, userId: user.id }).onConflictDoNothing();
  await recordActivity(tx, accountEvent('SsoAccountCreated', connection, user, now));
}
