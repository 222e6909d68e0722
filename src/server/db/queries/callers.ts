/**
 * Who is calling, in ONE statement: the live login session of a token hash, its user, and — when the
 * session has a current organisation the user is an active member of — that organisation, whether the
 * user administers it, and the user's role ids in it. The request middleware (auth/authenticate.ts)
 * reads this once per request; nothing else looks the caller up again. A personal API token (issue #34)
 * is looked up the same way (`callerOfApiToken`): its organisation takes the session's place, and the
 * membership, admin flag and roles are the user's as they are NOW.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { documentWithChainOf, documentWithChainSql, type DocumentWithChain, type RawDocument } from '../documentation-tree.ts';
import { fromJson } from '../rows.ts';
import { apiTokens, loginSessions, memberships, organisations, roles, ssoConnections, userRoles, users } from '../schema.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

export interface CallerRows {
  session: typeof loginSessions.$inferSelect;
  user: typeof users.$inferSelect;
  /**
   * The session's current organisation, if the user is an active member of it (not yet checked for its subscription).
   * `ssoOnly`: the organisation requires single sign-on (issue #48) and this session was not started by its
   * provider, nor is the user one of its break-glass admins: it may not work in it (auth/membership.ts).
   */
  membership: { org: OrganisationRow; isOrgAdmin: boolean; roleIds: string[]; ssoOnly: boolean } | null;
}

/**
 * The caller's columns; with `withDocument`, also the document of the placeholder `documentId` in the
 * organisation of the caller's membership, with its chain (db/documentation-tree.ts `documentWithChainSql`),
 * as one json column: a call whose first read is that document (a submission) gets both in ONE round trip
 * (issue #46). No session, no active membership, or no such document of that organisation: no document.
 */
function callerQuery(db: Queryable, withDocument: boolean) {
  const document = sql<RawDocument | string | null>`(SELECT row_to_json(doc) FROM (${documentWithChainSql(
    sql`${memberships.orgId}`,
    sql`${sql.placeholder('documentId')}::uuid`,
  )}) doc)`;
  return db
    .select({
      ...(withDocument ? { document } : {}),
      session: loginSessions,
      user: users,
      org: organisations,
      isOrgAdmin: memberships.isOrgAdmin,
      roleIds: sql<string[]>`array(select ${userRoles.roleId}::text from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${loginSessions.userId} and ${roles.orgId} = ${memberships.orgId})`,
      ssoRequired: ssoConnections.required,
      breakGlassUserIds: ssoConnections.breakGlassUserIds,
    })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.orgId, loginSessions.orgId), eq(memberships.userId, loginSessions.userId), eq(memberships.isActive, true)),
    )
    .leftJoin(organisations, eq(organisations.id, memberships.orgId))
    .leftJoin(ssoConnections, eq(ssoConnections.orgId, memberships.orgId))
    .where(
      and(
        eq(loginSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(loginSessions.endedAt),
        gt(loginSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    // Named: built once, and on PostgreSQL parsed and planned once per connection (planning cost more than running).
    .prepare(withDocument ? 'caller_of_token_with_document' : 'caller_of_token');
}

/** The statements, built once per database handle (every request asks one). */
const prepared = new WeakMap<Queryable, { plain: ReturnType<typeof callerQuery>; withDocument: ReturnType<typeof callerQuery> }>();

/**
 * The unexpired, unended session of `tokenHash` with its user and current membership; undefined when there
 * is none. With `documentId` (a UUID), in the same statement, that document of the membership's organisation
 * with its chain (`document`: undefined when there is none or no membership).
 */
export async function callerOfToken(db: Queryable, tokenHash: string, now: Date, documentId?: string): Promise<(CallerRows & { document?: DocumentWithChain }) | undefined> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = { plain: callerQuery(db, false), withDocument: callerQuery(db, true) };
    prepared.set(db, queries);
  }
  const [row] =
    documentId === undefined
      ? await queries.plain.execute({ tokenHash, now: now.toISOString() })
      : await queries.withDocument.execute({ tokenHash, now: now.toISOString(), documentId });
  if (!row) return undefined;
  const { session, user, org, isOrgAdmin } = row;
  const ssoOnly = row.ssoRequired === true && session.ssoOrgId !== org?.id && !(row.breakGlassUserIds ?? []).includes(user.id);
  const document = 'document' in row && row.document ? documentWithChainOf(fromJson(row.document)) : undefined;
  return {
    session,
    user,
    membership: org && isOrgAdmin !== null ? { org, isOrgAdmin, roleIds: row.roleIds ?? [], ssoOnly } : null,
    ...(document ? { document } : {}),
  };
}

export interface ApiTokenCallerRows {
  token: typeof apiTokens.$inferSelect;
  user: typeof users.$inferSelect;
  /** The token's organisation, if the user is an active member of it now. */
  membership: CallerRows['membership'];
}

function apiTokenCallerQuery(db: Queryable) {
  return db
    .select({
      token: apiTokens,
      user: users,
      org: organisations,
      isOrgAdmin: memberships.isOrgAdmin,
      roleIds: sql<string[]>`array(select ${userRoles.roleId}::text from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${apiTokens.userId} and ${roles.orgId} = ${memberships.orgId})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(memberships, and(eq(memberships.orgId, apiTokens.orgId), eq(memberships.userId, apiTokens.userId), eq(memberships.isActive, true)))
    .leftJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)),
      ),
    )
    .prepare('caller_of_api_token');
}

const preparedForTokens = new WeakMap<Queryable, ReturnType<typeof apiTokenCallerQuery>>();

/** The unrevoked, unexpired API token of `tokenHash` with its user and their membership of its organisation now. */
export async function callerOfApiToken(db: Queryable, tokenHash: string, now: Date): Promise<ApiTokenCallerRows | undefined> {
  let query = preparedForTokens.get(db);
  if (!query) {
    query = apiTokenCallerQuery(db);
    preparedForTokens.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  if (!row) return undefined;
  const { token, user, org, isOrgAdmin } = row;
  // A token is no session: required single sign-on governs the sessions people sign in with (docs/sso.md).
  return { token, user, membership: org && isOrgAdmin !== null ? { org, isOrgAdmin, roleIds: row.roleIds ?? [], ssoOnly: false } : null };
}
