/**
 * Share tokens (issue #29): `Authorization: Bearer share_…` is a caller of its own kind — no user, no
 * membership, one checklist (`c.var.share`, env.ts ShareCaller). Only the calls of
 * routes/shared-checklist.ts (THE allow-list) take one: the API's sign-in (auth/access.ts) looks it up
 * there and nowhere else, so any other route — a new one too — answers 401 'Could not validate
 * credentials' to a share token without ever looking it up.
 *
 * A token is looked up by its SHA-256 (share_links.token_hash) with its organisation in one statement,
 * then refused in the words the fill page shows: unknown → 401 'Could not validate credentials'; revoked
 * → 401 'This link has been revoked'; expired → 401 'This link has expired'; the organisation switched
 * off → 403, its subscription lapsed → 402 (the members' own rule, membership.ts checkSubscription).
 */
import type { Context } from 'hono';
import { SHARE_LINK_EXPIRED, SHARE_LINK_REVOKED } from '../../shared/api/share-links.ts';
import { shareLinkOfToken } from '../db/queries/share-links.ts';
import type { Deps, ShareCaller } from '../env.ts';
import { HttpError, notAuthenticated } from '../errors.ts';
import { bearerToken } from './authenticate.ts';
import { checkSubscription } from './membership.ts';
import { hashToken } from './tokens.ts';

/** Every share token starts so, and no other token does (tokens.ts newToken): a share token is told by its prefix alone. */
export const SHARE_TOKEN_PREFIX = 'share_';

/** The share token of a request, or undefined when it brings none (no bearer, or a login session's). */
export function shareTokenOf(c: Context): string | undefined {
  const token = bearerToken(c);
  return token?.startsWith(SHARE_TOKEN_PREFIX) ? token : undefined;
}

const refused = (detail: string) => new HttpError(401, detail, {}, { 'WWW-Authenticate': 'Bearer' });

/** The caller of a share token, or the refusal (see above). */
export async function shareCallerOf(deps: Deps, token: string): Promise<ShareCaller> {
  const found = await shareLinkOfToken(deps.db, hashToken(token));
  if (!found) throw notAuthenticated();
  const { link, org } = found;
  const now = deps.now();
  if (link.revokedAt !== null) throw refused(SHARE_LINK_REVOKED);
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) throw refused(SHARE_LINK_EXPIRED);
  checkSubscription(org, now, deps.config.billing !== undefined);
  return { linkId: link.id, name: link.name, orgId: org.id, orgName: org.name, documentId: link.documentId, expiresAt: link.expiresAt };
}
