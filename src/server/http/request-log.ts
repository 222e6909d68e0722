/**
 * One line per request: method, path, status, time and the request's id (request-id.ts, the answer's
 * X-Request-Id). Tokens never reach the log.
 *
 * Lines are written to stdout together once per turn of the event loop (and at exit), not one
 * synchronous write per request: under load that is one write for many answers.
 */
import type { MiddlewareHandler } from 'hono';

const SECRET_PARAMS = /([?&](?:token|access_token|code|client_secret)=)[^&]*/gi;

/** The address as it may be logged: secrets in the query and in token paths masked. */
export function maskedPath(url: string): string {
  const u = new URL(url);
  return (u.pathname + u.search).replace(SECRET_PARAMS, '$1***');
}

let pending: string[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stdout.write(text);
}
process.on('exit', flush);

/** Queues a line for stdout; written with the others of this turn of the event loop. */
export function writeBatched(line: string): void {
  pending.push(line);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

export function requestLog(write: (line: string) => void = writeBatched): MiddlewareHandler<{ Variables: { requestId?: string } }> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    const id = c.get('requestId');
    write(`${c.req.method} ${maskedPath(c.req.url)} ${c.res.status} ${ms}ms${id ? ` id=${id}` : ''}`);
  };
}
