/**
 * The provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0; docs/sso.md "Ending
 * sessions"): a logout token, signed by the provider, names a person (`sub`) or one of their provider
 * sessions (`sid`). It is checked with jose against the provider's JWKS (issuer, audience = our client id,
 * signature, iat, the logout event, no nonce) — never by hand — and ends at once the login sessions that
 * provider started in its organisation for that person or session.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { loginSessions, ssoConnections } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { providerOf } from './provider.ts';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

type ConnectionRow = typeof ssoConnections.$inferSelect;

/** The connections the unverified token claims to be for (its issuer, one of its audiences); verified below. */
async function candidatesOf(deps: Deps, token: string): Promise<ConnectionRow[]> {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch {
    return [];
  }
  if (typeof claims.iss !== 'string') return [];
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  const rows = await deps.db.select().from(ssoConnections).where(eq(ssoConnections.issuer, claims.iss.replace(/\/+$/, '')));
  return rows.filter((row) => audiences.includes(row.clientId));
}

/** The token's claims when it is a valid logout token for `connection`; undefined otherwise. */
async function verifiedLogout(deps: Deps, connection: ConnectionRow, token: string): Promise<JWTPayload | undefined> {
  try {
    const metadata = (await providerOf(deps, connection)).serverMetadata();
    if (!metadata.jwks_uri) return undefined;
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(metadata.jwks_uri)), {
      issuer: metadata.issuer,
      audience: connection.clientId,
      currentDate: deps.now(),
      maxTokenAge: '10 minutes',
      requiredClaims: ['iat', 'jti', 'events'],
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events[LOGOUT_EVENT] !== 'object' || payload.nonce !== undefined) return undefined;
    if (typeof payload.sub !== 'string' && typeof payload.sid !== 'string') return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** Ends the sessions a valid logout token names; false when the token is not valid for any connection. */
export async function endSessionsOfLogoutToken(deps: Deps, token: string): Promise<boolean> {
  for (const connection of await candidatesOf(deps, token)) {
    const claims = await verifiedLogout(deps, connection, token);
    if (!claims) continue;
    await deps.db
      .update(loginSessions)
      .set({ endedAt: deps.now() })
      .where(
        and(
          eq(loginSessions.ssoOrgId, connection.orgId),
          eq(loginSessions.ssoIssuer, claims.iss!),
          typeof claims.sub === 'string' ? eq(loginSessions.ssoSubject, claims.sub) : undefined,
          typeof claims.sid === 'string' ? eq(loginSessions.ssoSid, claims.sid) : undefined,
          isNull(loginSessions.endedAt),
        ),
      );
    return true;
  }
  return false;
}
