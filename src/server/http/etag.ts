/**
 * Validators (issue #29, "Cheaper on the second visit"): an answer that rarely changes carries an ETag,
 * and a repeat that names it in If-None-Match costs a 304 without a body.
 *
 * The tag is the digest of the answer's own bytes (a strong validator), not of a version id or a
 * published time: a document's answer also carries what depends on its reader and on the tree around it
 * (permissions, the readable path, usernames, a result sheet's checklists the reader may see, issue #28),
 * so a tag from the version alone would answer 304 over a stale or — after a permission change — a
 * revealing copy. Computing the answer to hash it costs the server the read; it saves the network the
 * body, which is what a phone on a slow network pays for. Compression (compression.ts) turns a tag weak
 * (`W/"…"`) when it encodes the body; If-None-Match is compared weakly (RFC 9110 §13.1.2), so both match.
 *
 * `Cache-Control: private, no-cache` lets the browser keep the answer and ask again every time (the API's
 * default `no-store` would keep nothing to revalidate); `Vary: Authorization` keeps one caller's copy from
 * another's (two share links in one page read the same address).
 *
 * Every other GET of the API that answers 200 with JSON gets its ETag from ONE middleware (`etags`, api.ts),
 * openapi.json included, and a repeat naming it gets 304: a client that keeps answers itself (the elements,
 * an integration) revalidates any read. Those answers keep their own Cache-Control (the API's `no-store`:
 * a browser keeps no account data on disk) — the tag serves the clients that keep a copy on purpose. Not
 * tagged: streams (text/event-stream), file downloads (Content-Disposition, or not JSON), answers already
 * encoded. A 304 carries what the 200 would have carried but its body's own headers: ETag, Cache-Control,
 * Vary (with Accept-Encoding, which compression.ts adds to a JSON answer and cannot add to a bodiless 304).
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { chooseEncoding, COMPRESSIBLE, THRESHOLD } from './compression.ts';
import { addVary } from './cors.ts';

/** The strong tag of some bytes: a quoted 128-bit digest. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names `tag` (weak comparison; `*` names any). */
export function etagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((candidate) => opaque(candidate) === wanted);
}

/** The headers of a body, which a 304 (no body) does not carry. */
const BODY_HEADERS = ['Content-Type', 'Content-Length', 'Content-Encoding', 'Content-Range'];

/**
 * The 304 of a 200 whose headers are `headers` and body `bodyBytes` long: the same headers but its body's,
 * with Vary and ETag as the 200's once compression.ts had its say (it adds Accept-Encoding to a text-like
 * answer's Vary, and turns the tag weak when it encodes the body): a 304 has no body to compress, so it
 * would otherwise lose both.
 */
export function notModified(c: Context, headers: Headers, bodyBytes: number): Response {
  const kept = new Headers(headers);
  const type = headers.get('Content-Type');
  for (const name of BODY_HEADERS) kept.delete(name);
  if (type !== null && COMPRESSIBLE.test(type)) {
    addVary(kept, 'Accept-Encoding');
    const tag = kept.get('ETag');
    const encoded = bodyBytes >= THRESHOLD && chooseEncoding(c.req.header('Accept-Encoding')) !== undefined;
    if (encoded && tag && !tag.startsWith('W/')) kept.set('ETag', `W/${tag}`);
  }
  return new Response(null, { status: 304, headers: kept });
}

/** Answers `value` as JSON with its ETag, or 304 without a body when the request's If-None-Match names it. */
export function jsonWithEtag(c: Context, value: unknown): Response {
  const text = JSON.stringify(value);
  const tag = etagOf(text);
  c.header('ETag', tag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization');
  const res = c.body(text, 200, { 'Content-Type': 'application/json' });
  return etagMatches(c.req.header('if-none-match'), tag) ? notModified(c, res.headers, Buffer.byteLength(text)) : res;
}

const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Around every call of the API (api.ts): a GET (or HEAD) answered 200 with JSON gets the ETag of its bytes
 * unless it has one (jsonWithEtag's answers: their own), and a request whose If-None-Match names the tag
 * gets the 304 in its place.
 */
export function etags(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (res.status !== 200 || res.body === null || type === null || !JSON_TYPE.test(type)) return;
    if (res.headers.has('Content-Disposition') || res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
    if (res.headers.has('ETag')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const tag = etagOf(body);
    const headers = new Headers(res.headers);
    headers.set('ETag', tag);
    let answer = new Response(body, { status: 200, headers });
    if (etagMatches(c.req.header('if-none-match'), tag)) answer = notModified(c, answer.headers, body.byteLength);
    // Put in place as it is (compression.ts `replace`): assigning over an answer copies the old headers onto it.
    c.res = undefined;
    c.res = answer;
  };
}
