/**
 * `auth/…`: registration, activation, sign-in and sign-out, password reset, the caller's profile and e-mail
 * address, sessions, two-factor, organisations and invitations. Who may call each (public, signed in, org
 * admins for `auth/org-invites`) is api.ts ACCESS.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  accessTokenForm,
  activateBody,
  answerInvitationBody,
  confirmEmailBody,
  createOrgBody,
  registerBody,
  resetPasswordBody,
  selectOrgBody,
  setNewPasswordBody,
  sendPasswordResetForm,
  setOtpBody,
  updateMeBody,
  type AccessToken,
} from '../../shared/api/accounts.ts';
import { updateInvitationBody } from '../../shared/api/users.ts';
import { isUuid } from '../../shared/ids.ts';
import { clientIp } from '../auth/authenticate.ts';
import { endLoginSession, isLive, sessionCallerOf } from '../auth/login-sessions.ts';
import { admitOrganisationCreation, admitRegistration } from '../auth/throttle.ts';
import { loginSessions } from '../db/schema.ts';
import type { MemberEnv, SignedInEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { formBody, jsonBody } from '../http/body.ts';
import { activate, register, requestPasswordReset, resetPassword, signIn, updateMe } from '../services/accounts.ts';
import { confirmEmailChange, withdrawEmailChange } from '../services/email-change.ts';
import { presentLoginSession } from '../presenters/accounts.ts';
import { currentUser } from '../services/current-user.ts';
import { answerInvitation, cancelInvitation, listOrgInvitations, pendingInvitationsFor, publicInvitation, updateInvitation } from '../services/invitations.ts';
import { createOrganisation, selectOrganisation } from '../services/organisations.ts';
import { setNewPassword } from '../services/temporary-passwords.ts';
import { setTwoFactor } from '../services/two-factor.ts';

export const auth = new Hono<SignedInEnv>();

const device = (c: Context<SignedInEnv>) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });
const tokenAnswer = (access_token: string): AccessToken => ({ access_token, token_type: 'bearer' });

auth.post('/register', async (c) => {
  const body = await jsonBody(c, registerBody);
  const deps = c.var.deps;
  await admitRegistration(deps.db, deps.config, clientIp(c), deps.now());
  return c.json(await register(deps, body), 201);
});

auth.post('/activate', async (c) => {
  const token = await jsonBody(c, activateBody);
  return c.json(tokenAnswer(await activate(c.var.deps, token, device(c))));
});

auth.post('/access-token', async (c) => {
  const form = await formBody(c, accessTokenForm);
  return c.json(tokenAnswer(await signIn(c.var.deps, form, device(c))));
});

auth.post('/send-password-reset', async (c) => {
  const { email } = await formBody(c, sendPasswordResetForm);
  await requestPasswordReset(c.var.deps, email, clientIp(c));
  return c.json({ detail: 'If this address belongs to an account, a password reset link has been sent to it.' });
});

auth.post('/reset-password', async (c) => {
  const body = await jsonBody(c, resetPasswordBody);
  // The body's token is required and is the one checked (a bearer token sent beside it is ignored).
  await resetPassword(c.var.deps, body.token, body.password);
  return c.json({ detail: 'Password Has Been Reset' });
});

// The step after a sign-in (or activation) answered 403 'Choose your own password…': the token it gave
// and the person's own password; signs in (services/temporary-passwords.ts).
auth.post('/set-new-password', async (c) => {
  const body = await jsonBody(c, setNewPasswordBody);
  return c.json(tokenAnswer(await setNewPassword(c.var.deps, body, device(c))));
});

// The link mailed to a new address confirms it; the token is the proof, so no sign-in is needed.
auth.post('/confirm-email', async (c) => {
  const token = await jsonBody(c, confirmEmailBody);
  return c.json({ email: await confirmEmailChange(c.var.deps, token) });
});

auth.get('/invite/:id', async (c) => {
  const deps = c.var.deps;
  return c.json(await publicInvitation(deps.db, c.req.param('id'), deps.now()));
});

// The calls below are a signed-in caller's (api.ts ACCESS); only org-invites needs a current organisation (and its admin).

auth.get('/me', async (c) => {
  const deps = c.var.deps;
  return c.json(await currentUser(deps, c.var.caller));
});

auth.put('/me', async (c) => {
  const deps = c.var.deps;
  const body = await jsonBody(c, updateMeBody);
  const caller = c.var.caller;
  const user = await updateMe(deps, caller.user, body);
  return c.json(await currentUser(deps, { ...caller, user }));
});

auth.post('/logout', async (c) => {
  const deps = c.var.deps;
  await endLoginSession(deps.db, sessionCallerOf(c.var.caller).session.id, deps.now());
  return c.body(null, 204);
});

auth.delete('/me/email-change', async (c) => {
  await withdrawEmailChange(c.var.deps, c.var.caller.user.id);
  return c.body(null, 204);
});

auth.get('/me/sessions', async (c) => {
  const deps = c.var.deps;
  const caller = sessionCallerOf(c.var.caller);
  const rows = await deps.db
    .select()
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, caller.user.id), isNull(loginSessions.endedAt), gt(loginSessions.expiresAt, deps.now())))
    .orderBy(desc(loginSessions.lastAccessedAt));
  const results = rows.filter((s) => isLive(s, deps)).map((s) => presentLoginSession(s, caller.session.id));
  return c.json({ results, total: results.length });
});

auth.delete('/me/sessions/:id', async (c) => {
  const deps = c.var.deps;
  const id = c.req.param('id');
  if (!isUuid(id)) throw notFound('Session not found');
  const [ended] = await deps.db
    .update(loginSessions)
    .set({ endedAt: deps.now() })
    .where(and(eq(loginSessions.id, id), eq(loginSessions.userId, c.var.caller.user.id), isNull(loginSessions.endedAt)))
    .returning({ id: loginSessions.id });
  if (!ended) throw notFound('Session not found');
  return c.body(null, 204);
});

auth.post('/set-otp', async (c) => {
  const body = await jsonBody(c, setOtpBody);
  return c.json(await setTwoFactor(c.var.deps, c.var.caller.user, body.enabled, body.verify_otp));
});

auth.post('/create-org', async (c) => {
  const { name } = await jsonBody(c, createOrgBody);
  const deps = c.var.deps;
  await admitOrganisationCreation(deps.db, deps.config, clientIp(c), deps.now());
  return c.json(await createOrganisation(deps, sessionCallerOf(c.var.caller), name), 201);
});

auth.post('/select-org', async (c) => {
  const deps = c.var.deps;
  const orgId = await jsonBody(c, selectOrgBody);
  await selectOrganisation(deps, sessionCallerOf(c.var.caller), orgId);
  return c.json(await currentUser(deps, c.var.caller));
});

auth.get('/invites', async (c) => {
  const deps = c.var.deps;
  const results = await pendingInvitationsFor(deps.db, c.var.caller.user.email, deps.now());
  return c.json({ results, total: results.length });
});

auth.post('/invite/:id', async (c) => {
  const deps = c.var.deps;
  const accept = await jsonBody(c, answerInvitationBody);
  await answerInvitation(deps, sessionCallerOf(c.var.caller), c.req.param('id'), accept);
  return c.json(await currentUser(deps, c.var.caller));
});

/** `auth/org-invites`: the organisation's pending invitations, for its admins. */
export const orgInvites = new Hono<MemberEnv>();

orgInvites.get('/', async (c) => {
  return c.json(await listOrgInvitations(c.var.deps.db, c.var.member.orgId));
});

orgInvites.put('/:id', async (c) => {
  const body = await jsonBody(c, updateInvitationBody);
  return c.json(await updateInvitation(c.var.deps, c.var.member, c.var.caller.user, c.req.param('id'), body));
});

orgInvites.delete('/:id', async (c) => {
  await cancelInvitation(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});
