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
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

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

/** Answers `value` as JSON with its ETag, or 304 without a body when the request's If-None-Match names it. */
export function jsonWithEtag(c: Context, value: unknown): Response {
  const text = JSON.stringify(value);
  const tag = etagOf(text);
  c.header('ETag', tag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization');
  if (etagMatches(c.req.header('if-none-match'), tag)) return c.body(null, 304);
  return c.body(text, 200, { 'Content-Type': 'application/json' });
}
