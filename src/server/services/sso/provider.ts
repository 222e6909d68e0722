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

/** The connection's provider, discovered now; an SsoRefusal when it cannot be. */
export async function providerOf(deps: Pick<Deps, 'config' | 'now'>, connection: ConnectionRow): Promise<client.Configuration> {
  if (await issuerRefusal(connection.issuer, deps.config.oidcAllowPrivate)) throw refusals.privateIssuer();
  const secret = await unseal(deps.config, 'sso-client-secret', connection.id, connection.clientSecret);
  const skew = Math.round((deps.now().getTime() - Date.now()) / 1000);
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
