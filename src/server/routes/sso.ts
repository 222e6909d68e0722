/**
 * `sso/connection` (issue #48; docs/sso.md): the organisation's OpenID Connect provider, for its org admins
 * (api.ts ACCESS), never for API tokens (auth/api-tokens.ts TOKEN_REFUSALS). The flow itself is the site's
 * (routes/sso-flow.ts), not the API's.
 */
import { Hono } from 'hono';
import { ssoConnectionBody } from '../../shared/api/sso-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { ssoConnection } from '../openapi/answers/sso.ts';
import { operation } from '../openapi/operation.ts';
import { deleteSsoConnection, getSsoConnection, putSsoConnection } from '../services/sso/connection.ts';

export const ssoApi = new Hono<MemberEnv>();

ssoApi.get('/connection', operation({
  summary: 'Read the single sign-on connection',
  description: 'The answer adds the redirect_uri and backchannel_logout_uri to register at the provider; the client secret is never answered.',
  tag: 'Single sign-on',
  answers: { 200: ssoConnection },
  errors: [404],
}), async (c) => c.json(await getSsoConnection(c.var.deps, c.var.member)));

ssoApi.put('/connection', operation({
  summary: 'Connect the organisation to its OpenID Connect provider, or change the connection',
  description:
    'client_secret is required the first time, and kept when left out afterwards. An issuer on a private, loopback or link-local address is refused ' +
    '(422) unless the server allows it (OIDC_ALLOW_PRIVATE). break_glass_user_ids must be org admins.',
  tag: 'Single sign-on',
  body: ssoConnectionBody,
  answers: { 200: ssoConnection },
}), async (c) => {
  const body = await jsonBody(c, ssoConnectionBody);
  return c.json(await putSsoConnection(c.var.deps, c.var.member, body));
});

ssoApi.delete('/connection', operation({
  summary: 'Disconnect the organisation from its provider',
  tag: 'Single sign-on',
  answers: { 204: null },
  errors: [404],
}), async (c) => {
  await deleteSsoConnection(c.var.deps, c.var.member);
  return c.body(null, 204);
});
