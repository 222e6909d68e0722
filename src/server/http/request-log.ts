/** One line per request: method, path, status, time. Tokens never reach the log. */
import type { MiddlewareHandler } from 'hono';

const SECRET_PARAMS = /([?&](?:token|access_token|code|client_secret)=)[^&]*/gi;

/** The address as it may be logged: secrets in the query and in token paths masked. */
export function maskedPath(url: string): string {
  const u = new URL(url);
  return (u.pathname + u.search).replace(SECRET_PARAMS, '$1***');
}

export function requestLog(write: (line: string) => void = console.log): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    write(`${c.req.method} ${maskedPath(c.req.url)} ${c.res.status} ${ms}ms`);
  };
}
