/**
 * Share links (issue #29): a checklist filled without an account, from `/fill/{token}` or an embed.
 *
 * A link's token is DERIVED from its id and the app key: `share_` + base64url(HMAC-SHA256(app key,
 * "share-link:" + id)). The database keeps only SHA-256(token) (share_links.token_hash), so a copy of it
 * opens no link; yet the server can rebuild a link's address from its id for a person with Edit
 * Permissions (the Share tab's QR codes, the QR label sheets). Changing APP_KEY voids every share link.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import { appKey } from '../../auth/app-key.ts';

/** Every share token starts so: the bearer check tells it from a login session's token by it alone. */
export const SHARE_TOKEN_PREFIX = 'share_';

/** The token of the link `linkId` under the app key `key` (`share_` + 43 base64url characters). */
export function shareLinkToken(key: Buffer, linkId: string): string {
  return SHARE_TOKEN_PREFIX + createHmac('sha256', key).update(`share-link:${linkId}`).digest('base64url');
}

/** The public fill page of the link `linkId`: `{PUBLIC_URL}/fill/{token}`. */
export async function shareLinkUrl(config: Config, linkId: string): Promise<string> {
  return shareFillUrl(config, shareLinkToken(await appKey(config), linkId));
}

/** The fill page of a token already derived. */
export const shareFillUrl = (config: Pick<Config, 'publicUrl'>, token: string): string => `${config.publicUrl}/fill/${token}`;
