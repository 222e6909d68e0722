/**
 * `roles`: the organisation's roles (accounts §7). Any member lists and reads them; org admins create,
 * change and delete them (403 for others; both: api.ts ACCESS). Ids of other organisations, unknown and malformed ids: 404.
 */
import { Hono } from 'hono';
import { createRoleBody, listRolesQuery, updateRoleBody } from '../../shared/api/roles.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from '../services/roles.ts';

export const rolesApi = new Hono<MemberEnv>();

rolesApi.get('/', async (c) => {
  const query = queryOf(c, listRolesQuery);
  return c.json(await listRoles(c.var.deps, c.var.member, query));
});

rolesApi.get('/:id', async (c) => {
  return c.json(await getRole(c.var.deps, c.var.member, c.req.param('id')));
});

rolesApi.post('/', async (c) => {
  const body = await jsonBody(c, createRoleBody);
  return c.json(await createRole(c.var.deps, c.var.member, body), 201);
});

rolesApi.put('/:id', async (c) => {
  const body = await jsonBody(c, updateRoleBody);
  return c.json(await updateRole(c.var.deps, c.var.member, c.req.param('id'), body));
});

rolesApi.delete('/:id', async (c) => {
  await deleteRole(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});
