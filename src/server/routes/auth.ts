/**
 * `auth/…`: registration, activation, sign-in and sign-out, password reset, the caller's profile and e-mail
 * address, sessions, two-factor, organisations and invitations. Who may call each (public, signed in, org
 * admins for `auth/org-invites`) is api.ts ACCESS.
 */
import { Hono, type Context } from 'hono';
import {
  accessTokenForm,
  activateBody,
  answerInvitationBody,
  confirmEmailBody,
  createOrgBody,
  deleteAccountBody,
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
import { clientIp } from '../auth/authenticate.ts';
import { endLoginSession, sessionCallerOf } from '../auth/login-sessions.ts';
import { admitOrganisationCreation, admitRegistration } from '../auth/throttle.ts';
import type { MemberEnv, SignedInEnv } from '../env.ts';
import { formBody, jsonBody } from '../http/body.ts';
import {
  accessToken,
  confirmedEmail,
  createdOrganisation,
  currentUser as currentUserAnswer,
  invitationPublic,
  loginSession,
  orgInvitation,
  pendingInvitation,
  registeredUser,
  twoFactorState,
} from '../openapi/answers/accounts.ts';
import { detailAnswer, listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { activate, register, requestPasswordReset, resetPassword, signIn, updateMe } from '../services/accounts.ts';
import { confirmEmailChange, withdrawEmailChange } from '../services/email-change.ts';
import { deleteOwnAccount } from '../services/account-erasure.ts';
import { currentUser } from '../services/current-user.ts';
import { answerInvitation, cancelInvitation, listOrgInvitations, pendingInvitationsFor, publicInvitation, updateInvitation } from '../services/invitations.ts';
import { endOwnLoginSession, ownLoginSessions } from '../services/login-sessions.ts';
import { createOrganisation, selectOrganisation } from '../services/organisations.ts';
import { setNewPassword } from '../services/temporary-passwords.ts';
import { setTwoFactor } from '../services/two-factor.ts';

export const auth = new Hono<SignedInEnv>();

const device = (c: Context<SignedInEnv>) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });
const tokenAnswer = (access_token: string): AccessToken => ({ access_token, token_type: 'bearer' });

auth.post('/register', operation({
  summary: 'Register an account',
  description: 'Mails an activation link; the answer is the same whether or not the address belonged to an account never activated.',
  tag: 'Account',
  body: registerBody,
  answers: { 201: registeredUser },
  errors: [429],
}), async (c) => {
  const body = await jsonBody(c, registerBody);
  const deps = c.var.deps;
  await admitRegistration(deps.db, deps.config, clientIp(c), deps.now());
  return c.json(await register(deps, body), 201);
});

auth.post('/activate', operation({
  summary: 'Activate an account',
  description: 'The body is the token of the activation link, as a JSON string. Signs in. A 403 asks for a new password first (POST auth/set-new-password).',
  tag: 'Account',
  body: activateBody,
  answers: { 200: accessToken },
  errors: [403, 404],
}), async (c) => {
  const token = await jsonBody(c, activateBody);
  return c.json(tokenAnswer(await activate(c.var.deps, token, device(c))));
});

auth.post('/access-token', operation({
  summary: 'Sign in',
  description:
    'The username (or e-mail address) and password, and the one-time code in client_secret when two-factor is on. ' +
    'A wrong password or an unknown account answers 400 \'Incorrect username or password\' (OAuth 2\'s invalid_grant, RFC 6749 §5.2; ' +
    '401 is kept for a bad or expired token); a missing or wrong one-time code 400 \'Incorrect OTP\'; an account not activated yet 400. ' +
    'A 403 asks for a new password first (POST auth/set-new-password, with the answer\'s password_change_token). ' +
    '429 with Retry-After after too many failed attempts (per address, per account and address).',
  tag: 'Account',
  body: accessTokenForm,
  bodyMedia: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
  answers: { 200: accessToken },
  errors: [400, 403, 429],
}), async (c) => {
  const form = await formBody(c, accessTokenForm);
  return c.json(tokenAnswer(await signIn(c.var.deps, form, device(c))));
});

auth.post('/send-password-reset', operation({
  summary: 'Send a password reset link',
  tag: 'Account',
  body: sendPasswordResetForm,
  bodyMedia: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
  answers: { 200: detailAnswer },
  errors: [429],
}), async (c) => {
  const { email } = await formBody(c, sendPasswordResetForm);
  await requestPasswordReset(c.var.deps, email, clientIp(c));
  return c.json({ detail: 'If this address belongs to an account, a password reset link has been sent to it.' });
});

auth.post('/reset-password', operation({
  summary: 'Reset the password',
  description: 'With the token of the mailed link.',
  tag: 'Account',
  body: resetPasswordBody,
  answers: { 200: detailAnswer },
  errors: [404],
}), async (c) => {
  const body = await jsonBody(c, resetPasswordBody);
  // The body's token is required and is the one checked (a bearer token sent beside it is ignored).
  await resetPassword(c.var.deps, body.token, body.password);
  return c.json({ detail: 'Password Has Been Reset' });
});

// The step after a sign-in (or activation) answered 403 'Choose your own password…': the token it gave
// and the person's own password; signs in (services/temporary-passwords.ts).
auth.post('/set-new-password', operation({
  summary: 'Choose a new password',
  description: 'The step after a sign-in or activation answered 403 with a token: the token and the person’s own password. Signs in.',
  tag: 'Account',
  body: setNewPasswordBody,
  answers: { 200: accessToken },
  errors: [404],
}), async (c) => {
  const body = await jsonBody(c, setNewPasswordBody);
  return c.json(tokenAnswer(await setNewPassword(c.var.deps, body, device(c))));
});

// The link mailed to a new address confirms it; the token is the proof, so no sign-in is needed.
auth.post('/confirm-email', operation({
  summary: 'Confirm a new e-mail address',
  description: 'The body is the token of the mailed link, as a JSON string.',
  tag: 'Account',
  body: confirmEmailBody,
  answers: { 200: confirmedEmail },
  errors: [404, 409],
}), async (c) => {
  const token = await jsonBody(c, confirmEmailBody);
  return c.json({ email: await confirmEmailChange(c.var.deps, token) });
});

auth.get('/invite/:id', operation({
  summary: 'Read an invitation',
  tag: 'Account',
  answers: { 200: invitationPublic },
  errors: [404],
}), async (c) => {
  const deps = c.var.deps;
  return c.json(await publicInvitation(deps.db, c.req.param('id'), deps.now()));
});

// The calls below are a signed-in caller's (api.ts ACCESS); only org-invites needs a current organisation (and its admin).

auth.get('/me', operation({ summary: 'The signed-in user', tag: 'Account', answers: { 200: currentUserAnswer } }), async (c) => {
  const deps = c.var.deps;
  return c.json(await currentUser(deps, c.var.caller));
});

auth.put('/me', operation({
  summary: 'Change my profile',
  description: 'A new e-mail address is mailed a confirmation link and stays pending until then.',
  tag: 'Account',
  body: updateMeBody,
  answers: { 200: currentUserAnswer },
  errors: [409],
}), async (c) => {
  const deps = c.var.deps;
  const body = await jsonBody(c, updateMeBody);
  const caller = c.var.caller;
  const user = await updateMe(deps, caller.user, body);
  return c.json(await currentUser(deps, { ...caller, user }));
});

auth.post('/logout', operation({
  summary: 'Sign out',
  description: 'Ends this login session.',
  tag: 'Account',
  answers: { 204: null },
}), async (c) => {
  const deps = c.var.deps;
  await endLoginSession(deps.db, sessionCallerOf(c.var.caller).session.id, deps.now());
  return c.body(null, 204);
});

auth.delete('/me/email-change', operation({
  summary: 'Withdraw a pending e-mail change',
  tag: 'Account',
  answers: { 204: null },
}), async (c) => {
  await withdrawEmailChange(c.var.deps, c.var.caller.user.id);
  return c.body(null, 204);
});

auth.get('/me/sessions', operation({ summary: 'My login sessions', tag: 'Account', answers: { 200: listOf(loginSession) } }), async (c) => {
  const results = await ownLoginSessions(c.var.deps, sessionCallerOf(c.var.caller));
  return c.json({ results, total: results.length });
});

auth.delete('/me/sessions/:id', operation({
  summary: 'End a login session',
  tag: 'Account',
  answers: { 204: null },
  errors: [404],
}), async (c) => {
  await endOwnLoginSession(c.var.deps, c.var.caller.user.id, c.req.param('id'));
  return c.body(null, 204);
});

auth.post('/delete-account', operation({
  summary: 'Delete my account',
  description: 'Erases the account (GDPR Art. 17) after its password and, with two-factor sign-in, a code (otp): its name, e-mail address, avatar, sessions, tokens and two-factor secret go; what it wrote stays, shown as by "Deleted user". The last admin of an organization is refused (409) until another member is made an admin. Not for API tokens.',
  tag: 'Account',
  body: deleteAccountBody,
  answers: { 204: null },
  errors: [409],
}), async (c) => {
  const body = await jsonBody(c, deleteAccountBody);
  await deleteOwnAccount(c.var.deps, c.var.caller.user, body.password, body.otp);
  return c.body(null, 204);
});

auth.post('/set-otp', operation({
  summary: 'Turn two-factor sign-in on or off',
  description: 'enabled without verify_otp answers the provisioning address (uri); with the code from the app it turns two-factor on.',
  tag: 'Account',
  body: setOtpBody,
  answers: { 200: twoFactorState },
}), async (c) => {
  const body = await jsonBody(c, setOtpBody);
  return c.json(await setTwoFactor(c.var.deps, c.var.caller.user, body.enabled, body.verify_otp));
});

auth.post('/create-org', operation({
  summary: 'Create an organisation',
  description: 'The caller becomes its org admin, and it becomes the session’s current organisation.',
  tag: 'Organisations',
  body: createOrgBody,
  answers: { 201: createdOrganisation },
  errors: [429],
}), async (c) => {
  const { name } = await jsonBody(c, createOrgBody);
  const deps = c.var.deps;
  await admitOrganisationCreation(deps.db, deps.config, clientIp(c), deps.now());
  return c.json(await createOrganisation(deps, sessionCallerOf(c.var.caller), name), 201);
});

auth.post('/select-org', operation({
  summary: 'Choose the current organisation',
  description: 'The body is the organisation’s id, as a JSON string.',
  tag: 'Organisations',
  body: selectOrgBody,
  answers: { 200: currentUserAnswer },
  errors: [403, 404],
}), async (c) => {
  const deps = c.var.deps;
  const orgId = await jsonBody(c, selectOrgBody);
  await selectOrganisation(deps, sessionCallerOf(c.var.caller), orgId);
  return c.json(await currentUser(deps, c.var.caller));
});

auth.get('/invites', operation({
  summary: 'My pending invitations',
  tag: 'Organisations',
  answers: { 200: listOf(pendingInvitation) },
}), async (c) => {
  const deps = c.var.deps;
  const results = await pendingInvitationsFor(deps.db, c.var.caller.user.email, deps.now());
  return c.json({ results, total: results.length });
});

auth.post('/invite/:id', operation({
  summary: 'Accept or decline an invitation',
  description: 'The body is JSON true (accept) or false (decline).',
  tag: 'Organisations',
  body: answerInvitationBody,
  answers: { 200: currentUserAnswer },
  errors: [403, 404, 409],
}), async (c) => {
  const deps = c.var.deps;
  const accept = await jsonBody(c, answerInvitationBody);
  await answerInvitation(deps, sessionCallerOf(c.var.caller), c.req.param('id'), accept);
  return c.json(await currentUser(deps, c.var.caller));
});

/** `auth/org-invites`: the organisation's pending invitations, for its admins. */
export const orgInvites = new Hono<MemberEnv>();

orgInvites.get('/', operation({
  summary: 'The organisation’s pending invitations',
  tag: 'Users',
  answers: { 200: listOf(orgInvitation) },
}), async (c) => {
  return c.json(await listOrgInvitations(c.var.deps.db, c.var.member.orgId));
});

orgInvites.put('/:id', operation({
  summary: 'Change or resend an invitation',
  tag: 'Users',
  body: updateInvitationBody,
  answers: { 200: orgInvitation },
  errors: [404, 409],
}), async (c) => {
  const body = await jsonBody(c, updateInvitationBody);
  return c.json(await updateInvitation(c.var.deps, c.var.member, c.var.caller.user, c.req.param('id'), body));
});

orgInvites.delete('/:id', operation({
  summary: 'Cancel an invitation',
  tag: 'Users',
  answers: { 204: null },
  errors: [404, 409],
}), async (c) => {
  await cancelInvitation(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});
