/**
 * Personal API tokens (issue #34): `auth/api-tokens` — the caller's own (any signed-in user: GET list, POST
 * create, DELETE {id} revoke) — and `users/api-tokens` — the organisation's members' tokens, for its admins
 * (GET list, DELETE {id} revoke). Who may call each is api.ts ACCESS ('/auth' signed in, '/users' org
 * admins); no API token may call either (auth/api-tokens.ts TOKEN_REFUSALS).
 */
import { Hono } from 'hono';
import { createApiTokenBody, listMemberApiTokensQuery } from '../../shared/api/api-tokens-schemas.ts';
import type { MemberEnv, SignedInEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { createApiToken, listMemberApiTokens, listOwnApiTokens, revokeMemberApiToken, revokeOwnApiToken } from '../services/api-tokens.ts';

export const ownApiTokens = new Hono<SignedInEnv>();

ownApiTokens.get('/', async (c) => {
  return c.json(await listOwnApiTokens(c.var.deps.db, c.var.caller.user));
});

ownApiTokens.post('/', async (c) => {
  const body = await jsonBody(c, createApiTokenBody);
  return c.json(await createApiToken(c.var.deps, c.var.caller.user, body), 201);
});

ownApiTokens.delete('/:id', async (c) => {
  await revokeOwnApiToken(c.var.deps, c.var.caller.user, c.req.param('id'));
  return c.body(null, 204);
});

export const memberApiTokens = new Hono<MemberEnv>();

memberApiTokens.get('/', async (c) => {
  return c.json(await listMemberApiTokens(c.var.deps.db, c.var.member, queryOf(c, listMemberApiTokensQuery)));
});

memberApiTokens.delete('/:id', async (c) => {
  await revokeMemberApiToken(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});
