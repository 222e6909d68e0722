/**
 * `roles`: the organisation's roles (accounts §7). Any member lists and reads them; org admins create,
 * change and delete them (403 for others; both: api.ts ACCESS). Ids of other organisations, unknown and malformed ids: 404.
 */
import { Hono } from 'hono';
import { createRoleBody, listRolesQuery, updateRoleBody } from '../../shared/api/roles.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { role, roleWithHolders } from '../openapi/answers/accounts.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from '../services/roles.ts';

export const rolesApi = new Hono<MemberEnv>();

rolesApi.get('/', operation({
  summary: 'List the roles',
  tag: 'Roles',
  query: listRolesQuery,
  answers: { 200: listOf(role) },
}), async (c) => {
  const query = queryOf(c, listRolesQuery);
  return c.json(await listRoles(c.var.deps, c.var.member, query));
});

rolesApi.get('/:id', operation({
  summary: 'Read a role and who holds it',
  tag: 'Roles',
  answers: { 200: roleWithHolders },
  errors: [404],
}), async (c) => {
  return c.json(await getRole(c.var.deps, c.var.member, c.req.param('id')));
});

rolesApi.post('/', operation({
  summary: 'Create a role',
  tag: 'Roles',
  body: createRoleBody,
  answers: { 201: role },
  errors: [409],
}), async (c) => {
  const body = await jsonBody(c, createRoleBody);
  return c.json(await createRole(c.var.deps, c.var.member, body), 201);
});

rolesApi.put('/:id', operation({
  summary: 'Change a role',
  tag: 'Roles',
  body: updateRoleBody,
  answers: { 200: role },
  errors: [404, 409],
}), async (c) => {
  const body = await jsonBody(c, updateRoleBody);
  return c.json(await updateRole(c.var.deps, c.var.member, c.req.param('id'), body));
});

rolesApi.delete('/:id', operation({ summary: 'Delete a role', tag: 'Roles', answers: { 204: null }, errors: [404] }), async (c) => {
  await deleteRole(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});
