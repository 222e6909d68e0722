/** How personal API tokens look in the API's answers (shapes in shared/api/api-tokens.ts): never their hash. */
import type { ApiToken, CreatedApiToken, MemberApiToken } from '../../shared/api/api-tokens.ts';
import type { ApiTokenRow } from '../env.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function presentApiToken(row: ApiTokenRow, orgName: string): ApiToken {
  return {
    id: row.id,
    name: row.name,
    organization: { id: row.orgId, name: orgName },
    scope: row.scope,
    created_at: row.createdAt.toISOString(),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
  };
}

/** The answer of POST auth/api-tokens: the one time the token itself is shown. */
export function presentCreatedApiToken(row: ApiTokenRow, orgName: string, token: string): CreatedApiToken {
  return { ...presentApiToken(row, orgName), token };
}

export function presentMemberApiToken(row: ApiTokenRow, orgName: string, user: { id: string; username: string; fullName: string }): MemberApiToken {
  return { ...presentApiToken(row, orgName), user: { id: user.id, username: user.username, full_name: user.fullName } };
}
