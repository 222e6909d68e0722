/** `users`: org admins invite people by e-mail (POST users with {email, roles}). */
import { Hono } from 'hono';
import { inviteUserBody } from '../../shared/api/accounts.ts';
import { authenticate } from '../auth/authenticate.ts';
import { requireMember, requireOrgAdmin } from '../auth/membership.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { inviteUser } from '../services/invitations.ts';

export const usersApi = new Hono<MemberEnv>();
usersApi.use('*', authenticate, requireMember);

usersApi.post('/', requireOrgAdmin, async (c) => {
  const body = await jsonBody(c, inviteUserBody);
  return c.json(await inviteUser(c.var.deps, c.var.member, c.var.caller.user, body.email, body.roles), 201);
});
