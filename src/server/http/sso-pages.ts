/**
 * The pages the single sign-on flow answers itself (issue #48; docs/sso.md): each says in words a person
 * can act on what happened, with a way on. Small, self-contained HTML (the site's stylesheet is not needed
 * to read them). The signed-in page carries the login's token in its body, as the spec's sign-in answers
 * it, and one constant inline step, allowed by its hash, that stores it as the login page does (local
 * storage's `token` and `loggedIn`) and goes home; the session cookie is set beside it.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { contentSecurityPolicy } from './security-headers.ts';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}main{max-width:34rem;margin:10vh auto;background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}' +
  'h1{font-size:1.4rem;margin-top:0}label{display:block;margin:.75rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}' +
  'button{font:inherit;margin-top:1rem;padding:.5rem 1rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;border-bottom:1px solid #ddd;padding:.25rem;vertical-align:top;word-break:break-all}';

/** The one inline step of the signed-in page. */
const STORE_SESSION =
  "(()=>{const s=JSON.parse(document.getElementById('rb-sso-session').textContent);" +
  "try{localStorage.setItem('token',s.access_token);localStorage.setItem('loggedIn','true')}catch(e){}location.replace('/')})()";
const STORE_SESSION_HASH = `sha256-${createHash('sha256').update(STORE_SESSION).digest('base64')}`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Ringbinder</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

function answer(c: Context, status: number, html: string, scriptHashes: string[] = []): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Content-Security-Policy', contentSecurityPolicy(scriptHashes));
  return c.html(html, status as 200);
}

const BACK = '<p><a href="/login">Back to sign in</a></p>';

/**
 * On to the provider's sign-in: a refresh at once (no script), and a link for a browser that does not follow
 * it. A navigation of the page's own, so the form that led here is done (its `form-action` does not apply).
 */
export function toProviderPage(c: Context, url: URL): Response {
  const address = escapeHtml(url.href);
  const head = `<meta http-equiv="refresh" content="0;url=${address}">`;
  return answer(c, 200, page('Signing in with your organisation', `<h1>Signing in with your organisation…</h1><p><a href="${address}">Continue to your organisation’s sign-in</a></p>`, head));
}

/** A refusal: what went wrong and what to do. */
export function refusalPage(c: Context, status: number, heading: string, words: string): Response {
  return answer(c, status, page(heading, `<h1>${escapeHtml(heading)}</h1><p role="alert">${escapeHtml(words)}</p>${BACK}`));
}

/** Signed in: the token in the body, stored by the one inline step, then home. */
export function signedInPage(c: Context, token: string): Response {
  const session = JSON.stringify({ access_token: token, token_type: 'bearer' }).replace(/</g, '\\u003c');
  const head = `<script type="application/json" id="rb-sso-session">${session}</script><script>${STORE_SESSION}</script>`;
  return answer(c, 200, page('Signing you in', '<h1>Signing you in…</h1><p><a href="/">Continue</a></p>', head), [STORE_SESSION_HASH]);
}

/** An account with the verified address exists: the person proves it is theirs, by password or by a mailed link. */
export function linkNeededPage(c: Context, email: string, problem?: string): Response {
  const address = escapeHtml(email);
  const alert = problem ? `<p role="alert">${escapeHtml(problem)}</p>` : '';
  return answer(
    c,
    problem ? 400 : 200,
    page(
      'Link your account',
      `<h1>Link your account</h1><p>There is already a Ringbinder account for ${address}. To sign in to it with your organization from now on, show once that it is yours.</p>${alert}` +
        `<form method="post" action="/auth/sso/link"><input type="hidden" name="email" value="${address}"><label for="sso-link-password">Your Ringbinder password</label>` +
        '<input id="sso-link-password" name="password" type="password" autocomplete="current-password" required><button type="submit">Sign in and link</button></form>' +
        `<form method="post" action="/auth/sso/link-mail"><input type="hidden" name="email" value="${address}"><p>Or get a link by e-mail:</p><button type="submit">E-mail me a link</button></form>${BACK}`,
    ),
  );
}

/** The mailed link is on its way. */
export function linkMailedPage(c: Context, email: string): Response {
  return answer(c, 200, page('Check your e-mail', `<h1>Check your e-mail</h1><p>If ${escapeHtml(email)} belongs to an account, we have sent it a link. Open it within an hour to link your account.</p>${BACK}`));
}

/** Test connection's report: what the provider returned. */
export function testReportPage(c: Context, issuer: string, claims: Record<string, unknown>): Response {
  const rows = Object.entries(claims)
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</td></tr>`)
    .join('');
  return answer(
    c,
    200,
    page(
      'The connection works',
      `<h1>The connection works</h1><p>${escapeHtml(issuer)} signed you in and returned these claims in its ID token (checked: issuer, audience, signature, expiry, nonce). Nobody was signed in here.</p>` +
        `<table><tbody>${rows}</tbody></table><p>You can close this tab.</p>`,
    ),
  );
}
