/**
 * The API's body size limit (413). A declared Content-Length is judged from the header alone, without
 * touching the body: a body the handler never reads (a 401 before it, an unknown address) is then
 * drained by the server as usual and the client gets its answer. (hono's own bodyLimit opened every
 * body as a stream, which started reading it; the server's draining of an unread body then stalled and
 * the connection was cut after 500 ms, often while the client was still sending.) A body without a
 * length (chunked) is read here, counting, and handed on whole; one that grows past the limit is refused
 * there, and the connection is closed rather than read to its end.
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../errors.ts';

export function bodyLimit(maxBytes: number, tooLarge = 'Request body is too large'): MiddlewareHandler {
  const refuse = () => new HttpError(413, tooLarge, {}, { Connection: 'close' });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxBytes) throw refuse();
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw refuse();
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}
