/**
 * Security headers on every response. The Content-Security-Policy allows scripts from this origin and,
 * for a page shell, only the inline scripts it was built with (by hash) — never 'unsafe-inline'. HSTS
 * (Strict-Transport-Security) when the request came over HTTPS. Pages are framed by this origin only,
 * except the /embed/ pages, which the origins of EMBED_ORIGINS may frame too (issue #29).
 */
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The origins besides this one that may frame the page at `path`: EMBED_ORIGINS for the /embed/ pages (a
 * checklist in a CMS that allows no scripts), none for every other page — a signed-in page in another
 * site's frame could be clickjacked.
 */
export function framingOrigins(path: string, embedOrigins: readonly string[]): readonly string[] {
  return path.startsWith('/embed/') ? embedOrigins : [];
}

/**
 * `connectSources`: other origins the pages may send requests to (an S3 bucket that browsers upload to);
 * `frameAncestors`: other origins that may frame the page (framingOrigins).
 */
export function contentSecurityPolicy(
  inlineScriptHashes: readonly string[] = [],
  connectSources: readonly string[] = [],
  frameAncestors: readonly string[] = [],
): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(' '),
    "media-src 'self' blob:",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ["frame-ancestors 'self'", ...frameAncestors].join(' '),
  ].join('; ');
}

/** A year, sub-domains included; not preloaded (that is the operator's decision for the whole domain). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Whether the request came over HTTPS: its own URL says so, or — only behind a proxy we trust
 * (TRUST_PROXY) — the first entry of X-Forwarded-Proto, the scheme the client used with the first proxy.
 */
export function cameOverHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

export function securityHeaders(options: { trustProxy: boolean; embedOrigins?: readonly string[] }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy());
    h.set('X-Content-Type-Options', 'nosniff');
    // X-Frame-Options cannot name origins: where other origins may frame, the CSP's frame-ancestors alone says so.
    if (framingOrigins(c.req.path, options.embedOrigins ?? []).length === 0) h.set('X-Frame-Options', 'SAMEORIGIN');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // Browsers ignore it over plain HTTP; sent there it could pin a site that has no HTTPS yet.
    if (cameOverHttps(c, options.trustProxy)) h.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  };
}
