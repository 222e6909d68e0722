/**
 * `users`: the organisation's members, for its admins (accounts §7). `POST users` (no slash) invites an
 * e-mail address; `POST users/` (with the slash) creates an account and its membership at once — the
 * app routes strictly, so the slash makes its own route (`createUserApi`, mounted at `/users/` in
 * api.ts). Every call here is for org admins:
 * 403 for other members; ids that are not members of the caller's organisation: 404.
 */
import { Hono } from 'hono';
import { inviteUserBody } from '../../shared/api/accounts.ts';
import { createUserBody, listUsersQuery, updateUserBody } from '../../shared/api/users.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { adminUser, orgInvitation } from '../openapi/answers/accounts.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { deleteMemberAccount } from '../services/account-erasure.ts';
import { inviteUser } from '../services/invitations.ts';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '../services/users.ts';

export const usersApi = new Hono<MemberEnv>();

usersApi.get('/', operation({
  summary: 'List the members',
  tag: 'Users',
  query: listUsersQuery,
  answers: { 200: listOf(adminUser) },
}), async (c) => {
  const query = queryOf(c, listUsersQuery);
  return c.json(await listUsers(c.var.deps, c.var.member, query));
});

usersApi.post('/', operation({
  summary: 'Invite someone by e-mail',
  description: 'POST users (no trailing slash). Mails an invitation link.',
  tag: 'Users',
  body: inviteUserBody,
  answers: { 201: orgInvitation },
  errors: [404, 409],
}), async (c) => {
  const body = await jsonBody(c, inviteUserBody);
  return c.json(await inviteUser(c.var.deps, c.var.member, c.var.caller.user, body.email, body.roles), 201);
});

usersApi.get('/:id', operation({ summary: 'Read a member', tag: 'Users', answers: { 200: adminUser }, errors: [404] }), async (c) => {
  return c.json(await getUser(c.var.deps, c.var.member, c.req.param('id')));
});

usersApi.put('/:id', operation({
  summary: 'Change a member',
  tag: 'Users',
  body: updateUserBody,
  answers: { 200: adminUser },
  errors: [404, 409],
}), async (c) => {
  const body = await jsonBody(c, updateUserBody);
  return c.json(await updateUser(c.var.deps, c.var.member, c.req.param('id'), body));
});

usersApi.delete('/:id', operation({
  summary: 'Remove a member from the organisation',
  tag: 'Users',
  answers: { 204: null },
  errors: [404, 409],
}), async (c) => {
  await deleteUser(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

usersApi.delete('/accounts/:id', operation({
  summary: "Delete a member's account",
  description: 'Erases the account (GDPR Art. 17), for an admin of EVERY organization the member belongs to (else 403): its name, e-mail address, avatar, sessions, tokens and two-factor secret go; what it wrote stays, shown as by "Deleted user". The last admin of an organization is refused (409). Not the caller\'s own account (Account Settings), not for API tokens.',
  tag: 'Users',
  answers: { 204: null },
  errors: [403, 404, 409],
}), async (c) => {
  await deleteMemberAccount(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

/** `POST users/` (with the slash). */
export const createUserApi = new Hono<MemberEnv>();

createUserApi.post('/', operation({
  summary: 'Create a user',
  operationId: 'createUser',
  description: 'POST users/ (with the trailing slash): an account and its membership at once. With a password it is temporary (its owner chooses their own at the first sign-in); without one the activation mail lets them choose it.',
  tag: 'Users',
  body: createUserBody,
  answers: { 201: adminUser },
  errors: [404, 409],
}), async (c) => {
  const body = await jsonBody(c, createUserBody);
  return c.json(await createUser(c.var.deps, c.var.member, body), 201);
});
