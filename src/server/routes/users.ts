/**
 * `users`: the organisation's members, for its admins (accounts §7). `POST users` (no slash) invites an
 * e-mail address; `POST users/` (with the slash) creates an account and its membership at once — the
 * app routes strictly, so the slash makes its own route (`createUserApi`, mounted at `/users/` in
 * api.ts). Every call here is for org admins:
 * 403 for other members; ids that are not members of the caller's organisation: 404.
 */
import { Hono } from 'hono';
import { refuseOwnEmailChange } from '../auth/api-tokens.ts';
import { inviteUserBody } from '../../shared/api/accounts.ts';
import { createUserBody, listUsersQuery, updateUserBody } from '../../shared/api/users.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { inviteUser } from '../services/invitations.ts';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '../services/users.ts';

export const usersApi = new Hono<MemberEnv>();

usersApi.get('/', async (c) => {
  const query = queryOf(c, listUsersQuery);
  return c.json(await listUsers(c.var.deps, c.var.member, query));
});

usersApi.post('/', async (c) => {
  const body = await jsonBody(c, inviteUserBody);
  return c.json(await inviteUser(c.var.deps, c.var.member, c.var.caller.user, body.email, body.roles), 201);
});

usersApi.get('/:id', async (c) => {
  return c.json(await getUser(c.var.deps, c.var.member, c.req.param('id')));
});

usersApi.put('/:id', async (c) => {
  const body = await jsonBody(c, updateUserBody);
  refuseOwnEmailChange(c.var.caller, c.req.param('id'), body.email);
  return c.json(await updateUser(c.var.deps, c.var.member, c.req.param('id'), body));
});

usersApi.delete('/:id', async (c) => {
  await deleteUser(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

/** `POST users/` (with the slash). */
export const createUserApi = new Hono<MemberEnv>();

createUserApi.post('/', async (c) => {
  const body = await jsonBody(c, createUserBody);
  return c.json(await createUser(c.var.deps, c.var.member, body), 201);
});
