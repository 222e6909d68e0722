/**
 * Who can do what on an item (issue #33): `documentation/{folders|documents}/{id}/effective-permissions`
 * (GET: a page of members, `q`, `skip`, `limit`; POST: the same for a proposed list of the item's own
 * entries, nothing stored) and `…/effective-permissions/{user_id}`. Any member (api.ts ACCESS); the
 * service needs Edit Permissions on the item.
 */
import { Hono, type Context } from 'hono';
import type { ItemKind } from '../../shared/api/documentation.ts';
import { replaceAclBody } from '../../shared/api/documentation-schemas.ts';
import { effectivePermissionsQuery } from '../../shared/api/effective-permissions-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { kindParams } from '../openapi/answers/documentation.ts';
import { memberPermissionsAnswer } from '../openapi/answers/effective-permissions.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { effectivePermissions, memberEffectivePermissions } from '../services/documentation/effective-permissions.ts';

export const effectivePermissionsApi = new Hono<MemberEnv>();

const KIND = ':kind{folders|documents}';
const kindOf = (c: Context<MemberEnv>): ItemKind => (c.req.param('kind') === 'folders' ? 'folder' : 'document');

effectivePermissionsApi.get(
  `/${KIND}/:id/effective-permissions`,
  operation({
    summary: 'Who can access: each member’s permissions on an item and why',
    description: 'Needs Edit Permissions on the item.',
    tag: 'Permissions',
    params: kindParams,
    query: effectivePermissionsQuery,
    answers: { 200: listOf(memberPermissionsAnswer) },
    errors: [403, 404],
  }),
  async (c) => {
    const query = queryOf(c, effectivePermissionsQuery);
    return c.json(await effectivePermissions(c.var.deps, c.var.member, kindOf(c), c.req.param('id'), query));
  },
);

effectivePermissionsApi.post(
  `/${KIND}/:id/effective-permissions`,
  operation({
    summary: 'Who could access with proposed entries (nothing stored)',
    description: 'The same page for a proposed list of the item’s own entries.',
    tag: 'Permissions',
    params: kindParams,
    query: effectivePermissionsQuery,
    body: replaceAclBody,
    answers: { 200: listOf(memberPermissionsAnswer) },
    errors: [403, 404],
  }),
  async (c) => {
    const query = queryOf(c, effectivePermissionsQuery);
    const proposed = await jsonBody(c, replaceAclBody);
    return c.json(await effectivePermissions(c.var.deps, c.var.member, kindOf(c), c.req.param('id'), query, proposed));
  },
);

effectivePermissionsApi.get(
  `/${KIND}/:id/effective-permissions/:userId`,
  operation({
    summary: 'One member’s permissions on an item and why',
    tag: 'Permissions',
    params: kindParams,
    answers: { 200: memberPermissionsAnswer },
    errors: [403, 404],
  }),
  async (c) => {
    return c.json(await memberEffectivePermissions(c.var.deps, c.var.member, kindOf(c), c.req.param('id'), c.req.param('userId')));
  },
);
