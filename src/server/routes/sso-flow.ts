/**
 * The single sign-on flow (issue #48; docs/sso.md), on the site rather than the API (the browser is sent
 * here and back): `/auth/sso/start?email=…` → the provider → `/auth/sso/callback`, which answers a page
 * that signs in (the token in its body, the session cookie beside it) or says what went wrong; linking an
 * existing account (`/auth/sso/link…`); the provider's back-channel logout. An admin's Test connection
 * starts with `?test=1` and the session cookie, and reports what the provider returned.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { clientIp } from '../auth/authenticate.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../errors.ts';
import { linkMailedPage, linkNeededPage, refusalPage, signedInPage, testReportPage, toProviderPage } from '../http/sso-pages.ts';
import { linkByMail, linkByPassword, mailLink } from '../services/sso/account-link.ts';
import { endSessionsOfLogoutToken } from '../services/sso/backchannel-logout.ts';
import { connectionForEmail, startFlow, takeFlow } from '../services/sso/flows.ts';
import { providerAnswer } from '../services/sso/provider-answer.ts';
import { SsoRefusal, refusals } from '../services/sso/refusal.ts';
import { signInThroughProvider } from '../services/sso/sso-accounts.ts';
import { testConnectionOf } from '../services/sso/test-connection.ts';

export const ssoFlow = new Hono<AppEnv>();

/**
 * The flow's state, kept by the browser that started it (HttpOnly, SameSite=Lax: the provider's redirect
 * back is a top-level GET, which carries it): a callback address sent to someone else finds no match, so
 * nobody can be signed in to another person's account by a link ("login CSRF").
 */
const STATE_COOKIE = 'rb_sso_state';
const FLOW_COOKIE = { httpOnly: true, sameSite: 'Lax', path: '/auth/sso', maxAge: 600 } as const;

/**
 * To the provider by a page that goes on at once (toProviderPage), not a redirect: the sign-in forms that
 * lead here (/login's, the link page's) are under `form-action 'self'`, which browsers apply to a form's
 * redirects too, so a redirect to the provider would be blocked.
 */
function sendToProvider(c: Context<AppEnv>, url: URL): Response {
  setCookie(c, STATE_COOKIE, url.searchParams.get('state') ?? '', { ...FLOW_COOKIE, secure: new URL(c.var.deps.config.publicUrl).protocol === 'https:' });
  return toProviderPage(c, url);
}

/** A refusal's page; anything else is the server's (logged by the error handler). */
function refused(c: Context<AppEnv>, err: unknown): Response {
  if (err instanceof SsoRefusal) return refusalPage(c, err.status, err.heading, err.words);
  if (err instanceof HttpError && err.status === 429) return refusalPage(c, 429, 'Too many attempts', 'Too many attempts, please try again later.');
  throw err;
}

ssoFlow.get('/start', async (c) => {
  try {
    const deps = c.var.deps;
    if (c.req.query('test') === '1') return sendToProvider(c, await startFlow(deps, { connection: await testConnectionOf(c), purpose: 'test' }));
    const email = c.req.query('email')?.trim().toLowerCase();
    const connection = await connectionForEmail(deps, email);
    return sendToProvider(c, await startFlow(deps, { connection, purpose: 'sign-in', loginHint: email }));
  } catch (err) {
    return refused(c, err);
  }
});

ssoFlow.get('/callback', async (c) => {
  try {
    const deps = c.var.deps;
    const state = c.req.query('state');
    const started = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: '/auth/sso' });
    if (!state || started !== state) throw refusals.badState();
    const { flow, connection } = await takeFlow(deps, state);
    const claims = await providerAnswer(deps, connection, flow, new URL(c.req.url).search.slice(1), state!);
    if (flow.purpose === 'test') return testReportPage(c, connection.issuer, claims.all);
    const outcome = await signInThroughProvider(deps, connection, flow, claims, { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });
    if (outcome.kind === 'link-needed') return linkNeededPage(c, outcome.email);
    setSessionCookie(c, deps.config, outcome.token);
    return signedInPage(c, outcome.token);
  } catch (err) {
    return refused(c, err);
  }
});

ssoFlow.post('/link', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const email = typeof form.email === 'string' ? form.email : '';
  const password = typeof form.password === 'string' ? form.password : '';
  try {
    const next = await linkByPassword(c.var.deps, email, password, clientIp(c));
    return next ? sendToProvider(c, next) : linkNeededPage(c, email, 'Incorrect password. Try again, or get a link by e-mail.');
  } catch (err) {
    return refused(c, err);
  }
});

ssoFlow.post('/link-mail', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const email = typeof form.email === 'string' ? form.email.trim() : '';
  if (!email) return refused(c, refusals.noEmail());
  try {
    await mailLink(c.var.deps, email);
    return linkMailedPage(c, email);
  } catch (err) {
    return refused(c, err);
  }
});

ssoFlow.get('/link', async (c) => {
  try {
    return sendToProvider(c, await linkByMail(c.var.deps, c.req.query('token')));
  } catch (err) {
    return refused(c, err);
  }
});

// The provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0): a signed logout token, form-encoded.
ssoFlow.post('/backchannel-logout', async (c) => {
  c.header('Cache-Control', 'no-store');
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const token = typeof form.logout_token === 'string' ? form.logout_token : '';
  const ended = await endSessionsOfLogoutToken(c.var.deps, token);
  return ended ? c.body(null, 200) : c.json({ error: 'invalid_request', error_description: 'The logout token is not valid' }, 400);
});

// Anything unexpected: logged (without the request's query, which may hold a code), and a page that says so.
ssoFlow.onError((err, c) => {
  console.error('Unexpected error on', c.req.method, c.req.path, err);
  return refusalPage(c, 500, 'Something went wrong', 'The sign-in could not be finished because of an error on our side. Try again in a few minutes.');
});
