/**
 * The sign-ins under way (issue #48): `/auth/sso/start` finds the organisation by the address's domain,
 * keeps a flow row (the state's hash, the nonce and the PKCE verifier) and sends the browser to the
 * provider; `/auth/sso/callback` takes the row once — by the state, unexpired, unused — in one statement,
 * so a replayed state finds nothing, on this process or any other of the same database.
 */
import { and, arrayContains, eq, gt, isNull, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import { SSO_CALLBACK_PATH } from '../../../shared/api/sso.ts';
import { uuidv7 } from '../../../shared/ids.ts';
import { hashToken } from '../../auth/tokens.ts';
import { ssoConnections, ssoFlows } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { providerOf } from './provider.ts';
import { refusals } from './refusal.ts';

type ConnectionRow = typeof ssoConnections.$inferSelect;
export type FlowRow = typeof ssoFlows.$inferSelect;

/** A sign-in must come back from the provider within this time. */
export const FLOW_VALID_MS = 10 * 60 * 1000;

export const redirectUriOf = (publicUrl: string): string => `${publicUrl}${SSO_CALLBACK_PATH}`;

/** The one connection that claims the address's domain; a refusal for none or two. */
export async function connectionForEmail(deps: Pick<Deps, 'db'>, email: string | undefined): Promise<ConnectionRow> {
  const domain = email?.split('@')[1]?.trim().toLowerCase();
  if (!email || !domain) throw refusals.noEmail();
  const found = await deps.db.select().from(ssoConnections).where(arrayContains(ssoConnections.domains, [domain]));
  if (found.length === 0) throw refusals.noConnection();
  if (found.length > 1) throw refusals.twoOrganisations();
  return found[0]!;
}

export interface FlowStart {
  connection: ConnectionRow;
  purpose: FlowRow['purpose'];
  loginHint?: string;
  linkUserId?: string;
}

/** Keeps a new flow and answers the provider's authorization address (code flow, PKCE S256, state, nonce). */
export async function startFlow(deps: Deps, start: FlowStart): Promise<URL> {
  const provider = await providerOf(deps, start.connection);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = deps.now();
  await deps.db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  await deps.db.insert(ssoFlows).values({
    id: uuidv7(now.getTime()),
    stateHash: hashToken(state),
    orgId: start.connection.orgId,
    connectionId: start.connection.id,
    purpose: start.purpose,
    nonce,
    codeVerifier,
    linkUserId: start.linkUserId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_VALID_MS),
  });
  const parameters: Record<string, string> = {
    redirect_uri: redirectUriOf(deps.config.publicUrl),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (start.loginHint) parameters.login_hint = start.loginHint;
  return client.buildAuthorizationUrl(provider, parameters);
}

/** Takes the flow of `state` once (unexpired, unused), with its connection; a refusal otherwise. */
export async function takeFlow(deps: Pick<Deps, 'db' | 'now'>, state: string | undefined): Promise<{ flow: FlowRow; connection: ConnectionRow }> {
  if (!state) throw refusals.badState();
  const now = deps.now();
  const [flow] = await deps.db
    .update(ssoFlows)
    .set({ usedAt: now })
    .where(and(eq(ssoFlows.stateHash, hashToken(state)), isNull(ssoFlows.usedAt), gt(ssoFlows.expiresAt, now)))
    .returning();
  if (!flow) throw refusals.badState();
  const [connection] = await deps.db.select().from(ssoConnections).where(eq(ssoConnections.id, flow.connectionId));
  if (!connection) throw refusals.badState();
  return { flow, connection };
}
