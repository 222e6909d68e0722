/**
 * The organisation's provider as openid-client (the certified relying-party library) sees it: discovery
 * through `{issuer}/.well-known/openid-configuration` (the issuer it answers must be the one saved), the
 * client's id and secret (unsealed here, never logged), the server's clock (`clockSkew`: tests move it).
 * The ID token's signature is always checked against the provider's JWKS (enableNonRepudiationChecks).
 * The SSRF rule is checked before every call (services/sso/issuer-address.ts). Plain http is allowed only
 * with OIDC_ALLOW_PRIVATE (a provider on the organisation's own network, the tests' provider).
 */
import * as client from 'openid-client';
import { unseal } from '../../auth/app-key.ts';
import type { ssoConnections } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { issuerRefusal } from './issuer-address.ts';
import { refusals } from './refusal.ts';

type ConnectionRow = typeof ssoConnections.$inferSelect;

/** How long the provider has to answer each call, in seconds. */
const PROVIDER_TIMEOUT_S = 10;

/** Whether an error is the provider not answering (no connection, a timeout, an HTTP error page) rather than a wrong answer. */
function notAnswering(err: unknown): boolean {
  if (err instanceof TypeError) return true; // fetch failed: refused, reset, DNS
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  return err instanceof client.ResponseBodyError === false && /status code|fetch failed/i.test(String((err as Error).message ?? ''));
}

/**
 * How long a discovered provider (its metadata, and the JWKS openid-client keeps in its Configuration) is
 * used again. Short: a provider's new keys or endpoints are seen within it (openid-client also fetches the
 * JWKS again for a key id it does not know). Per process: another one discovers on its own.
 */
const PROVIDER_CACHE_MS = 5 * 60 * 1000;

/**
 * Discovered providers by connection: its id, its last change (a changed or new connection is discovered
 * anew, here at once and in other processes as soon as they read it) and the clock's skew (the Configuration
 * holds it).
 */
const discovered = new Map<string, { until: number; provider: Promise<client.Configuration> }>();

/** The connection's provider, discovered at most every PROVIDER_CACHE_MS; an SsoRefusal when it cannot be. */
export async function providerOf(deps: Pick<Deps, 'config' | 'now'>, connection: ConnectionRow): Promise<client.Configuration> {
  // The SSRF rule is checked on every use: a name may come to resolve to a private address.
  if (await issuerRefusal(connection.issuer, deps.config.oidcAllowPrivate)) throw refusals.privateIssuer();
  const skew = Math.round((deps.now().getTime() - Date.now()) / 1000);
  const key = `${connection.id} ${connection.updatedAt.getTime()} ${skew}`;
  const now = Date.now();
  const kept = discovered.get(key);
  if (kept && kept.until > now) return kept.provider;
  for (const [k, entry] of discovered) if (entry.until <= now || k.startsWith(`${connection.id} `)) discovered.delete(k);
  const provider = discover(deps, connection, skew);
  discovered.set(key, { until: now + PROVIDER_CACHE_MS, provider });
  // A failure is not kept: the next sign-in asks the provider again.
  provider.catch(() => discovered.get(key)?.provider === provider && discovered.delete(key));
  return provider;
}

async function discover(deps: Pick<Deps, 'config'>, connection: ConnectionRow, skew: number): Promise<client.Configuration> {
  const secret = await unseal(deps.config, 'sso-client-secret', connection.id, connection.clientSecret);
  const insecure = deps.config.oidcAllowPrivate && connection.issuer.startsWith('http:');
  try {
    const config = await client.discovery(
      new URL(connection.issuer),
      connection.clientId,
      { client_secret: secret, [client.clockSkew]: skew },
      undefined,
      { execute: insecure ? [client.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_S },
    );
    const provider = new client.Configuration(config.serverMetadata(), connection.clientId, { client_secret: secret, [client.clockSkew]: skew }, clientAuthOf(config, secret));
    if (insecure) client.allowInsecureRequests(provider);
    // The ID token's signature is checked against the provider's JWKS too, not only trusted for coming over TLS
    // from the token endpoint (OpenID Connect Core 3.1.3.7 allows that; openid-client skips it unless asked).
    client.enableNonRepudiationChecks(provider);
    provider.timeout = PROVIDER_TIMEOUT_S;
    return provider;
  } catch (err) {
    throw notAnswering(err) ? refusals.providerDown() : refusals.wrongIssuer();
  }
}

/** client_secret_basic unless the provider names only client_secret_post (basic is the default of OpenID Connect Discovery). */
function clientAuthOf(config: client.Configuration, secret: string): client.ClientAuth {
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  return methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? client.ClientSecretPost(secret) : client.ClientSecretBasic(secret);
}
