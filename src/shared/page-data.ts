/**
 * THE page data block (issue #42): what the server writes once into a page's HTML for the address it serves
 * (src/server/http/page-data.ts), the inline bootstrap sends from (src/client/page-data-bootstrap.js)
 * and the transports take their first answers from (src/client/page-data.ts). A shell served without the
 * server (the service worker's copy, offline) has none, and the page reads what it needs itself.
 */

/** The id of THE page data block: `<script type="application/json" id="rb-page-data">` in a shell's <head>. */
export const PAGE_DATA_ID = 'rb-page-data';

/** An answer the server made for the page, as the API answered it. */
export interface PageAnswer {
  status: number;
  body: unknown;
}

/** The answers by address (relative to the API base), as the page's bootstrap finds them. */
export type PageAnswers = Record<string, PageAnswer>;

/** The block's JSON. */
export interface PageData {
  /**
   * The reads the page's modules make first (auth/me and the route's own), expanded by the server for this
   * address; `{sort}` is the folder sort this browser remembers. The bootstrap sends those not answered here.
   */
  reads?: string[];
  /** Among `reads`, those sent at low priority (LOW_PRIORITY_READS). */
  low?: string[];
  /** The page is an org admin's: a browser that knows its login is not one sends nothing. */
  admin?: boolean;
  /** The answers the server made, by address (relative to the API base). */
  answers?: PageAnswers;
  /** `sessionDigest` of the bearer token the answers were made with: only a call with that bearer takes them. */
  session?: string;
}

/**
 * A short digest of a bearer token: FNV-1a (32 bits) in base 36 — the server's mark on its answers and the
 * transport's check before taking one (src/client/page-data.ts). Not a secret's hash: it tells two tokens
 * apart, nothing more.
 */
export function sessionDigest(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
