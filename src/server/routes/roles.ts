/**
 * `roles`: the organisation's roles (accounts §7). Any member lists and reads them; org admins create,
 * change and delete them (403 for others). Ids of other organisations, unknown and malformed ids: 404.
 */
import { Hono } from 'hono';
import { createRoleBody, listRolesQuery, updateRoleBody } from '../../shared/api/roles.ts';
import { authenticate } from '../auth/authenticate.ts';
import type { AppEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from '../services/roles.ts';

export const rolesApi = new Hono<AppEnv>();
rolesApi.use('*', authenticate);

rolesApi.get('/', async (c) => {
  const query = queryOf(c, listRolesQuery);
  return c.json(await listRoles(c.get('deps'), c.get('caller'), query));
});

rolesApi.get('/:id', async (c) => {
  return c.json(await getRole(c.get('deps'), c.get('caller'), c.req.param('id')));
});

rolesApi.post('/', async (c) => {
  const body = await jsonBody(c, createRoleBody);
  return c.json(await createRole(c.get('deps'), c.get('caller'), body), 201);
});

rolesApi.put('/:id', async (c) => {
  const body = await jsonBody(c, updateRoleBody);
  return c.json(await updateRole(c.get('deps'), c.get('caller'), c.req.param('id'), body));
});

rolesApi.delete('/:id', async (c) => {
  await deleteRole(c.get('deps'), c.get('caller'), c.req.param('id'));
  return c.body(null, 204);
});
