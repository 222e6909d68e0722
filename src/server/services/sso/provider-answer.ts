/**
 * The provider's answer at the callback, checked by openid-client (never by hand): the authorization
 * response's state, the code exchanged with the PKCE verifier, and the ID token's issuer, audience,
 * signature against the provider's JWKS, expiry and nonce. What it vouches for comes out as claims.
 */
import * as client from 'openid-client';
import type { ssoConnections } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import type { FlowRow } from './flows.ts';
import { redirectUriOf } from './flows.ts';
import { providerOf } from './provider.ts';
import { refusals, SsoRefusal } from './refusal.ts';

type ConnectionRow = typeof ssoConnections.$inferSelect;

/** What the provider said of the person (the ID token's claims). */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The provider's session id, which a back-channel logout token may name. */
  sid: string | null;
  /** Every claim, for Test connection's report. */
  all: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Checks the callback's `query` against the flow and answers the ID token's claims; an SsoRefusal when anything fails. */
export async function providerAnswer(deps: Deps, connection: ConnectionRow, flow: FlowRow, query: string, state: string): Promise<ProviderClaims> {
  const provider = await providerOf(deps, connection);
  const currentUrl = new URL(`${redirectUriOf(deps.config.publicUrl)}?${query}`);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(provider, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw refusalOf(err);
  }
  const claims = tokens.claims();
  if (!claims) throw refusals.invalidToken();
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
    sid: text(claims.sid),
    all: { ...claims },
  };
}

function refusalOf(err: unknown): SsoRefusal {
  if (err instanceof SsoRefusal) return err;
  if (err instanceof client.AuthorizationResponseError) return refusals.providerError(err.error_description ?? err.error);
  if (err instanceof TypeError || (err as { name?: string }).name === 'TimeoutError') return refusals.providerDown();
  if (err instanceof client.ResponseBodyError) return refusals.providerError(err.error_description ?? err.error);
  return refusals.invalidToken();
}
