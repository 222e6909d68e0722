/** `users`: org admins invite people by e-mail (POST users with {email, roles}). */
import { Hono } from 'hono';
import { inviteUserBody } from '../../shared/api/accounts.ts';
import { authenticate } from '../auth/authenticate.ts';
import type { AppEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { inviteUser } from '../services/invitations.ts';
import { currentOrganisationAsAdmin } from '../services/organisations.ts';

export const usersApi = new Hono<AppEnv>();
usersApi.use('*', authenticate);

usersApi.post('/', async (c) => {
  const deps = c.get('deps');
  const caller = c.get('caller');
  const context = await currentOrganisationAsAdmin(deps.db, caller, deps.now());
  const body = await jsonBody(c, inviteUserBody);
  return c.json(await inviteUser(deps, caller, context, body.email, body.roles), 201);
});
