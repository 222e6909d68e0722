/**
 * Personal API tokens (issue #34; docs/decisions.md "API tokens"): a user's `rb_pat_…` bearer token for
 * one of their organisations, read only or read and write, made in Account Settings, shown once, listed
 * with when it was last used and revocable at once; an organisation's admins see and revoke its members'
 * tokens (/admin/api-tokens). The answers' shapes (zod-free; the request schemas: ./api-tokens-schemas.ts).
 */

/** Every personal API token starts so (and no login session's token does: src/server/auth/tokens.ts). */
export const API_TOKEN_PREFIX = 'rb_pat_';

/** What a token may do: `read` — GET and HEAD only; `read-write` — what its user may do (never account calls). */
export type ApiTokenScope = 'read' | 'read-write';
export const API_TOKEN_SCOPES: readonly ApiTokenScope[] = ['read', 'read-write'];

/** The scope in the product's words. */
export const API_TOKEN_SCOPE_WORDS: Record<ApiTokenScope, string> = { read: 'Read only', 'read-write': 'Read and write' };

/** A token's name: 1 to 100 characters, trimmed. */
export const MAX_API_TOKEN_NAME_LENGTH = 100;

/** A user's live tokens at most (Account Settings lists them all). */
export const MAX_API_TOKENS_PER_USER = 100;

/** One token as its user sees it (GET auth/api-tokens): never the token itself. */
export interface ApiToken {
  id: string;
  name: string;
  organization: { id: string; name: string };
  scope: ApiTokenScope;
  created_at: string;
  /** When it stops working; null: never (until revoked). */
  expires_at: string | null;
  /** When it was last used (noted at most once a minute); null: never. */
  last_used_at: string | null;
}

/** POST auth/api-tokens: the new token, with the secret itself — shown this once, never again. */
export interface CreatedApiToken extends ApiToken {
  /** `rb_pat_` + 43 base64url characters: `Authorization: Bearer {token}`. */
  token: string;
}

/** One member's token as the organisation's admins see it (GET users/api-tokens). */
export interface MemberApiToken extends ApiToken {
  user: { id: string; username: string; full_name: string };
}

/** POST auth/api-tokens. */
export interface CreateApiTokenBody {
  name: string;
  /** One of the caller's organisations (an active membership). */
  organization_id: string;
  scope: ApiTokenScope;
  /** An ISO 8601 date-time in the future, or null / left out (no end). */
  expires_at?: string | null;
}
