/**
 * Compression of answers, shared by the app and the bench's minimal route. An answer is compressed when
 * its type is text-like (JSON, HTML, JS, CSS, SVG…), it is at least THRESHOLD bytes, nothing encoded it
 * already, Cache-Control does not say no-transform, and the client accepts brotli (preferred: smaller
 * and, at quality 4, faster than gzip) or gzip or deflate. It carries `Vary: Accept-Encoding` whenever
 * its type is compressible.
 *
 * The answers of this server are whole strings or buffers, so each is compressed in one synchronous
 * call and sent with its Content-Length: a 15 KB JSON page costs well under a millisecond, where the
 * streaming CompressionStream (hono/compress) cost several times that in stream machinery and wrote the
 * answer in many small chunks. Small answers (`{detail}` errors, 201s of a few hundred bytes) are sent
 * as they are: compressing them saves nothing on the wire.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** Below this many bytes an answer is sent as it is (headers alone are a few hundred bytes). */
export const THRESHOLD = 1024;

export const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|ld\+json|manifest\+json|xml|xhtml\+xml)|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

type Encoding = 'br' | 'gzip' | 'deflate';
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'deflate'];

export type { Encoding };

export const encoders: Record<Encoding, (body: Uint8Array) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/** The encoding to use for an Accept-Encoding header: the accepted one of highest q, brotli first among equals. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of PREFERENCE) {
    const value = q.get(encoding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

export const compression = (): MiddlewareHandler =>
  async function compression(c, next) {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (!type || !COMPRESSIBLE.test(type) || res.status === 206 || res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
    if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (c.req.method === 'HEAD' || res.body === null) return;
    const length = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (length < THRESHOLD) return;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.byteLength < THRESHOLD) {
      replace(c, new Response(body, { status: res.status, headers }));
      return;
    }
    const encoded = encoders[encoding](body);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(encoded.byteLength));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replace(c, new Response(encoded as Uint8Array<ArrayBuffer>, { status: res.status, headers }));
  };

/**
 * Puts `res` in place of the answer as it is. Assigning c.res over an existing answer makes Hono copy
 * the old headers onto a stream-bodied copy of the new one; `res` already has every header, and a
 * whole-buffer body lets @hono/node-server write it in one go.
 */
function replace(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
