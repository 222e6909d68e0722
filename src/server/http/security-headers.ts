/**
 * Security headers on every response. The Content-Security-Policy allows scripts from this origin and,
 * for a page shell, only the inline scripts it was built with (by hash) — never 'unsafe-inline'.
 */
import type { MiddlewareHandler } from 'hono';

export function contentSecurityPolicy(inlineScriptHashes: readonly string[] = []): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy());
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('X-Frame-Options', 'SAMEORIGIN');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
};
