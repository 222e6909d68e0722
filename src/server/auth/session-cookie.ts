/**
 * The session cookie (issue #31): the login session's token, kept by the browser beside local storage's
 * copy (spec accounts §3, unchanged), so that the server knows who is asking when it serves a page's HTML
 * and can write that page's first data into it (http/page-data.ts). It is read THERE ONLY: the API
 * authenticates the bearer token of the Authorization header and never looks at cookies, so a request
 * another site makes the browser send cannot act with it (tests/api/session-cookie.test.ts).
 *
 * HttpOnly (no script reads it), SameSite=Lax, Path=/, Secure when the request came over HTTPS (as HSTS
 * decides: TRUST_PROXY's X-Forwarded-Proto included); it lasts as long as a session may (its absolute
 * limit). Set by every answer that signs in (activation, sign-in, the chosen new password) and by
 * organisation switching; cleared by logout, a password reset and a page served for an ended session.
 * `sessionCookies` does it from the auth calls' answers, around the API: the API's routes know nothing of it.
 *
 * Only for a request of our own site (`fromOwnSite`): a sign-in another site's page makes the browser send
 * — a cross-site form POST to auth/access-token with the attacker's own credentials ("login CSRF") — still
 * answers its token in the body, but sets no cookie, so the victim's next page is never drawn for the
 * attacker's login. Told by `Sec-Fetch-Site` (same-origin, same-site or none: every current browser sends
 * it), else by `Origin` equal to PUBLIC_URL's origin (a browser without Fetch Metadata sends Origin on every
 * POST). A request with neither is no browser's call from a page (a script, curl): it needs no cookie, and
 * a very old browser's cross-site form would look the same, so it gets none. (An organisation switch needs
 * the bearer token in Authorization, which no other site's form can send: it sets the cookie as before.)
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import { cameOverHttps } from '../http/security-headers.ts';

export const SESSION_COOKIE = 'rb_session';

type CookieConfig = Pick<Config, 'trustProxy' | 'sessionAbsoluteMs'>;

/** The Sec-Fetch-Site values of a request our own pages (or the person, typing an address) started. */
const OWN_SITE = new Set(['same-origin', 'same-site', 'none']);

/** Whether a request came from our own site (see above): Sec-Fetch-Site when sent, else Origin against PUBLIC_URL's. */
export function fromOwnSite(c: Context, publicUrl: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return OWN_SITE.has(site.trim().toLowerCase());
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  try {
    return origin.trim().toLowerCase() === new URL(publicUrl).origin.toLowerCase();
  } catch {
    return false;
  }
}

export function setSessionCookie(c: Context, config: CookieConfig, token: string): void {
  // Only a login session's token is ever a cookie: never a personal API token's (issue #34) nor a share link's.
  if (!isSessionToken(token)) return;
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: cameOverHttps(c, config.trustProxy),
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(c: Context, config: Pick<Config, 'trustProxy'>): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, secure: cameOverHttps(c, config.trustProxy), sameSite: 'Lax', path: '/' });
}

/** Whether a token may be a login session's: the form of one, and not a share link's or an API token's (their prefixes). */
function isSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) && !token.startsWith('share_') && !token.startsWith('rb_pat_');
}

/** The session token a page request's cookie carries (the HTML's first data only: never the API). */
export function sessionCookieOf(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  return token && isSessionToken(token) ? token : undefined;
}

/** The calls whose answer carries a new login's token (`access_token`). */
const SIGNS_IN = new Set(['/auth/access-token', '/auth/activate', '/auth/set-new-password']);
/** The calls after whose success no session of this browser goes on. */
const SIGNS_OUT = new Set(['/auth/logout', '/auth/reset-password']);

/**
 * Around `/api/v1/auth/*` (app.ts): sets the cookie from a successful sign-in's token and from an
 * organisation switch's bearer token, for a request of our own site only; clears it after a logout or a
 * password reset.
 */
export function sessionCookies(config: Pick<Config, 'trustProxy' | 'sessionAbsoluteMs' | 'publicUrl'>, apiBase = '/api/v1'): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'POST' || c.res.status >= 300) return;
    const call = c.req.path.slice(apiBase.length).replace(/\/+$/, '');
    if (SIGNS_IN.has(call)) {
      if (!fromOwnSite(c, config.publicUrl)) return;
      const answer = (await c.res.clone().json().catch(() => undefined)) as { access_token?: unknown } | undefined;
      if (typeof answer?.access_token === 'string') setSessionCookie(c, config, answer.access_token);
    } else if (call === '/auth/select-org') {
      const bearer = /^Bearer (\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
      if (bearer) setSessionCookie(c, config, bearer);
    } else if (SIGNS_OUT.has(call)) {
      clearSessionCookie(c, config);
    }
  };
}
