/**
 * THE page data block (issue #42): what the server writes once into a page's HTML for the address it serves
 * (src/server/http/page-data.ts), the inline bootstrap sends from (src/client/page-data-bootstrap.js)
 * and the transports take their first answers from (src/client/page-data.ts). A shell served without the
 * server (the service worker's copy, offline) has none, and the page reads what it needs itself.
 *
 * Each first read has a NAME (`PageReadName`): the block keys its reads and answers by name, and a call
 * of the page's modules names the read it makes first (the transport's `pageRead`), so no address is
 * guessed or matched byte for byte in the browser. The server alone expands a name's address.
 */

/** The id of THE page data block: `<script type="application/json" id="rb-page-data">` in a shell's <head>. */
export const PAGE_DATA_ID = 'rb-page-data';

/** An answer the server made for the page, as the API answered it. */
export interface PageAnswer {
  status: number;
  body: unknown;
}

/**
 * The names of a page's first reads (src/shared/page-data-reads.ts gives each route's its addresses): one
 * word per thing read. `me`: auth/me, every signed-in page's; `drawer`: the drawer's root folders;
 * `contents`: a folder's first page of contents (in the sort the browser remembers); `row`: a submitted
 * row; `rows`: a result sheet's or report's first rows (read once its document is in); `version`: a
 * document at a version; `memberCount`: the settings page's count of members; `memberApiTokens`: the
 * members' API tokens (org admins), `apiTokens` the caller's own; `webhookFolders`: the folders a webhook
 * may be narrowed to; `deliveries`: a webhook's delivery log; `ssoAdmins`: the org admins first (single
 * sign-on); `sharedChecklist`: a fill page's checklist, read with its link's token.
 */
export type PageReadName =
  | 'me'
  | 'folder'
  | 'contents'
  | 'drawer'
  | 'document'
  | 'version'
  | 'row'
  | 'rows'
  | 'history'
  | 'qrSheet'
  | 'assignments'
  | 'favourites'
  | 'recentActivity'
  | 'firstSteps'
  | 'roles'
  | 'role'
  | 'activity'
  | 'memberApiTokens'
  | 'users'
  | 'user'
  | 'memberCount'
  | 'buildInfo'
  | 'mailFailures'
  | 'webhooks'
  | 'webhook'
  | 'webhookFolders'
  | 'deliveries'
  | 'sso'
  | 'ssoAdmins'
  | 'plans'
  | 'apiTokens'
  | 'sharedChecklist';

/** A page's reads: each name's address (relative to the API base). */
export type PageReads = Partial<Record<PageReadName, string>>;

/** The answers by the name of their read. */
export type PageAnswers = Partial<Record<PageReadName, PageAnswer>>;

/** The block's JSON. */
export interface PageData {
  /**
   * The reads the page's modules make first (`me` and the route's own), by name, their addresses expanded by
   * the server for this address; `{sort}` is the folder sort this browser remembers. The bootstrap sends
   * those not answered here (and `contents` again when the remembered sort is not the default the server used).
   */
  reads?: PageReads;
  /** Among `reads`, the names of those sent at low priority (LOW_PRIORITY_READS). */
  low?: PageReadName[];
  /** The page is an org admin's: a browser that knows its login is not one sends nothing. */
  admin?: boolean;
  /** The answers the server made, by the name of their read. */
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
