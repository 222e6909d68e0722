/**
 * The SSRF rule for an SSO issuer (issue #48), as webhooks have it (services/webhooks/safe-request.ts):
 * the issuer's host must not be, or resolve only to, a private, loopback, link-local or other
 * special-purpose address — unless OIDC_ALLOW_PRIVATE is set (a provider on the organisation's own
 * network). Plain http is refused too, but for such a provider.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../webhooks/safe-request.ts';

/** Why the issuer may not be called, or null when it may. */
export async function issuerRefusal(issuer: string, allowPrivate: boolean): Promise<string | null> {
  const url = new URL(issuer);
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return 'Issuer URL must be an https address';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return isPrivateAddress(host) ? `The issuer is on a private address (${host})` : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    // Not found now: nothing to refuse yet; the sign-in checks again before it calls the provider.
    return null;
  }
  const open = addresses.filter((a) => !isPrivateAddress(a.address));
  return open.length === 0 ? `The issuer’s host ${host} is on a private address` : null;
}
