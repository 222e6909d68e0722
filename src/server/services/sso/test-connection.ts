/**
 * Test connection (Admin → Single Sign-On): the admin's browser, signed in by the session cookie, runs the
 * flow in a new tab; the callback reports what the provider returned and signs nobody in.
 */
import type { Context } from 'hono';
import { isLive } from '../../auth/login-sessions.ts';
import { sessionCookieOf } from '../../auth/session-cookie.ts';
import { hashToken } from '../../auth/tokens.ts';
import { callerOfToken } from '../../db/queries/callers.ts';
import type { AppEnv } from '../../env.ts';
import { connectionOf } from './connection.ts';
import { SsoRefusal } from './refusal.ts';

const onlyAdmins = () => new SsoRefusal(403, 'Only organization admins can test single sign-on', 'Sign in as an administrator of the organization, open Admin → Single Sign-On and choose “Test connection” there.');

/** The connection of the cookie's session's organisation, when its user administers it. */
export async function testConnectionOf(c: Context<AppEnv>) {
  const deps = c.var.deps;
  const token = sessionCookieOf(c);
  const caller = token ? await callerOfToken(deps.db, hashToken(token), deps.now()) : undefined;
  if (!caller || !caller.user.isActive || !isLive(caller.session, deps) || !caller.membership?.isOrgAdmin) throw onlyAdmins();
  const connection = await connectionOf(deps.db, caller.membership.org.id);
  if (!connection) throw new SsoRefusal(404, 'Single sign-on is not set up', 'Save the connection in Admin → Single Sign-On first, then test it.');
  return connection;
}
