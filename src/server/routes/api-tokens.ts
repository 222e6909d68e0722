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
import { apiToken, createdApiToken, memberApiToken } from '../openapi/answers/api-tokens.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { createApiToken, listMemberApiTokens, listOwnApiTokens, revokeMemberApiToken, revokeOwnApiToken } from '../services/api-tokens.ts';

export const ownApiTokens = new Hono<SignedInEnv>();

ownApiTokens.get('/', operation({ summary: 'List your API tokens', tag: 'API tokens', answers: { 200: listOf(apiToken) } }), async (c) => {
  return c.json(await listOwnApiTokens(c.var.deps.db, c.var.caller.user));
});

ownApiTokens.post('/', operation({ summary: 'Create an API token (the token answered this once)', tag: 'API tokens', body: createApiTokenBody, answers: { 201: createdApiToken }, errors: [409] }), async (c) => {
  const body = await jsonBody(c, createApiTokenBody);
  return c.json(await createApiToken(c.var.deps, c.var.caller.user, body), 201);
});

ownApiTokens.delete('/:id', operation({ summary: 'Revoke one of your API tokens', tag: 'API tokens', answers: { 204: null }, errors: [404] }), async (c) => {
  await revokeOwnApiToken(c.var.deps, c.var.caller.user, c.req.param('id'));
  return c.body(null, 204);
});

export const memberApiTokens = new Hono<MemberEnv>();

memberApiTokens.get('/', operation({ summary: 'List the members’ API tokens (org admins)', tag: 'API tokens', query: listMemberApiTokensQuery, answers: { 200: listOf(memberApiToken) } }), async (c) => {
  return c.json(await listMemberApiTokens(c.var.deps.db, c.var.member, queryOf(c, listMemberApiTokensQuery)));
});

memberApiTokens.delete('/:id', operation({ summary: 'Revoke a member’s API token (org admins)', tag: 'API tokens', answers: { 204: null }, errors: [404] }), async (c) => {
  await revokeMemberApiToken(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});
