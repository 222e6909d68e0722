/** Opaque secrets: 256-bit random tokens, stored only as their SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';

/**
 * A new random token. Never one that starts with `share_` (one in 64⁶) or `rb_pat_` (one in 64⁷): a bearer
 * token with that prefix is a share link's (auth/share-links.ts) or a personal API token's
 * (auth/api-tokens.ts), so a login session's must not look like one.
 */
export function newToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!token.startsWith('share_') && !token.startsWith('rb_pat_')) return token;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
