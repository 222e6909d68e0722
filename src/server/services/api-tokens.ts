/**
 * Personal API tokens (issue #34; docs/decisions.md "API tokens"): made, listed and revoked by their user
 * in Account Settings (auth/api-tokens), listed and revoked by an organisation's admins for its members
 * (users/api-tokens). Each change records its activity event in the same transaction. What a token may
 * do, and how it signs in, is auth/api-tokens.ts.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ApiToken, CreatedApiToken, MemberApiToken } from '../../shared/api/api-tokens.ts';
import { MAX_API_TOKENS_PER_USER } from '../../shared/api/api-tokens.ts';
import type { CreateApiTokenParsed, ListMemberApiTokensQuery } from '../../shared/api/api-tokens-schemas.ts';
import type { List } from '../../shared/api/list.ts';
import { isUuid, uuidv7 } from '../../shared/ids.ts';
import { newApiToken } from '../auth/api-tokens.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Queryable } from '../db/connection.ts';
import { apiTokens, memberships, organisations, users } from '../db/schema.ts';
import type { Deps, Member, UserRow } from '../env.ts';
import { conflict, notFound, validationFailed } from '../errors.ts';
import { presentApiToken, presentCreatedApiToken, presentMemberApiToken } from '../presenters/api-tokens.ts';
import { recordActivity } from './activity.ts';
import { apiTokenEvent } from './api-token-events.ts';

const tokenNotFound = () => notFound('API token not found');

/** POST auth/api-tokens: a token of the caller for one of their organisations; 201 with the token, shown this once. */
export async function createApiToken(deps: Deps, user: UserRow, body: CreateApiTokenParsed): Promise<CreatedApiToken> {
  const now = deps.now();
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw validationFailed([{ field: 'expires_at', message: 'must be in the future' }]);
  const token = newApiToken();
  return deps.db.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: organisations.id, name: organisations.name })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.orgId))
      .where(and(eq(memberships.orgId, body.organization_id), eq(memberships.userId, user.id), eq(memberships.isActive, true)));
    if (!org) throw validationFailed([{ field: 'organization_id', message: 'is not one of your organizations' }]);
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)));
    if ((live?.n ?? 0) >= MAX_API_TOKENS_PER_USER) throw conflict(`You can have at most ${MAX_API_TOKENS_PER_USER} API tokens: revoke one first`);
    const [row] = await tx
      .insert(apiTokens)
      .values({ id: uuidv7(now.getTime()), userId: user.id, orgId: org.id, name: body.name, scope: body.scope, tokenHash: hashToken(token), createdAt: now, expiresAt })
      .returning();
    await recordActivity(tx, apiTokenEvent('ApiTokenCreated', row!, { id: user.id, username: user.username }, user.id, now));
    return presentCreatedApiToken(row!, org.name, token);
  });
}

/** GET auth/api-tokens: the caller's tokens not revoked (expired ones too), newest first. */
export async function listOwnApiTokens(db: Queryable, user: UserRow): Promise<List<ApiToken>> {
  const rows = await db
    .select({ token: apiTokens, orgName: organisations.name })
    .from(apiTokens)
    .innerJoin(organisations, eq(organisations.id, apiTokens.orgId))
    .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { results: rows.map((r) => presentApiToken(r.token, r.orgName)), total: rows.length };
}

/** Revokes one token matching `where` and records ApiTokenRevoked; 404 when there is none (or it is revoked already). */
async function revoke(deps: Deps, id: string, actorId: string, scope: { userId: string } | { orgId: string }): Promise<void> {
  if (!isUuid(id)) throw tokenNotFound();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const owned = 'userId' in scope ? eq(apiTokens.userId, scope.userId) : eq(apiTokens.orgId, scope.orgId);
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: now, revokedBy: actorId })
      .where(and(eq(apiTokens.id, id), owned, isNull(apiTokens.revokedAt)))
      .returning();
    if (!row) throw tokenNotFound();
    const [owner] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, row.userId));
    await recordActivity(tx, apiTokenEvent('ApiTokenRevoked', row, owner!, actorId, now));
  });
}

/** DELETE auth/api-tokens/{id}: the caller's own token, revoked at once. */
export const revokeOwnApiToken = (deps: Deps, user: UserRow, id: string) => revoke(deps, id, user.id, { userId: user.id });

/** GET users/api-tokens (org admins): the organisation's members' tokens not revoked, newest first. */
export async function listMemberApiTokens(db: Queryable, who: Member, page: ListMemberApiTokensQuery): Promise<List<MemberApiToken>> {
  const live = and(eq(apiTokens.orgId, who.orgId), isNull(apiTokens.revokedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ token: apiTokens, user: { id: users.id, username: users.username, fullName: users.fullName } })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(live)
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .offset(page.skip)
      .limit(page.limit),
    db.select({ n: count() }).from(apiTokens).where(live),
  ]);
  return { results: rows.map((r) => presentMemberApiToken(r.token, who.orgName, r.user)), total: total?.n ?? 0 };
}

/** DELETE users/api-tokens/{id} (org admins): any member's token of this organisation; another organisation's → 404. */
export const revokeMemberApiToken = (deps: Deps, who: Member, id: string) => revoke(deps, id, who.userId, { orgId: who.orgId });

/** A member removed from the organisation (services/users.ts deleteUser): their tokens for it, revoked in its transaction. */
export async function revokeTokensOfRemovedMember(tx: Queryable, orgId: string, userId: string, actorId: string, now: Date): Promise<number> {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: now, revokedBy: actorId })
    .where(and(eq(apiTokens.orgId, orgId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}
