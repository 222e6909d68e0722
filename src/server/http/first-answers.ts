/**
 * A page's first data in its first response (issue #29's /fill/ paint; the mechanism issue #31 builds on):
 * when the server serves a shell whose route has first reads, it makes those API calls itself, in process
 * and through the API's own routes (so with its permission checks, and answered exactly as the API would
 * answer them), and writes the answers into the HTML:
 *
 * - `<script type="application/json" id="rb-first-answers"></script>`, a placeholder a shell carries in its
 *   <head> before its first-read bootstrap, becomes `{ answers: { "<address>": { status, body } }, session? }`
 *   (addresses relative to the API base, as src/shared/api/paths.ts and src/shared/first-reads.ts spell
 *   them). The bootstrap takes an answer from there instead of asking the network; a shell served without
 *   it (the service worker's copy, offline) asks as before.
 * - The fill pages' read is their link's checklist (the token is in the address). A signed-in page's are
 *   `auth/me` and its route's first reads, made with the token of the session cookie (auth/session-cookie.ts)
 *   — the only place that cookie is read.
 * - an empty element marked `data-first="<field>"` (and `hidden`) gets that field of the page's data as
 *   its text and is shown, so the page's heading paints with the HTML, before any module has run.
 *
 * An answer is left out when the API failed (5xx, or threw) or did not answer JSON: the page then reads it itself.
 */
import type { RouteMatch } from '../../routes.ts';
import * as paths from '../../shared/api/paths.ts';
import { firstReadsOf } from '../../shared/first-reads.ts';
import { paintDocumentView, readsAfterDocument } from './first-paint/document-view.ts';
import { paintFolder } from './first-paint/folder.ts';
import { paintHome } from './first-paint/home.ts';

/** One API call a page's HTML answers: its address (relative to the API base) and its bearer credential. */
export interface FirstRead {
  address: string;
  bearer: string;
}

export interface FirstAnswer {
  status: number;
  body: unknown;
}

/** The answers by address, as the page's bootstrap finds them. */
export type FirstAnswers = Record<string, FirstAnswer>;

/**
 * What the placeholder becomes: the answers, and for a signed-in page the digest of the session token
 * they were made for (`sessionDigest`): the bootstrap takes them only when its stored token has the same
 * digest, so a page is never drawn from another login's answers.
 */
export interface FirstData {
  answers: FirstAnswers;
  session?: string;
}

/** Calls the API in process: an address relative to the API base (`/share/checklist`). */
export type ApiCall = (address: string, init: RequestInit) => Promise<Response>;

/** A page's first reads, and the text of its `data-first` slots drawn from their answers. */
interface PageData {
  reads: FirstRead[];
  slots(answers: FirstAnswers): Record<string, string>;
  /** A signed-in page's session token (its answers are that login's alone). */
  session?: string;
}

/**
 * A short digest of a session token: FNV-1a (32 bits) in base 36, which the bootstrap computes too
 * (src/client/early-reads-bootstrap.js). Not a secret's hash: it tells two tokens apart, nothing more.
 */
export function sessionDigest(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The address of a share link's checklist (routes/shared-checklist.ts). */
export const SHARED_CHECKLIST_ADDRESS = 'share/checklist';

/** A share token as the fill pages' address carries it (auth/share-links.ts issues 'share_' + 43). */
const SHARE_TOKEN = /^share_[A-Za-z0-9_-]{20,100}$/;

/** The fill pages: the link's checklist; their heading shows its name, organisation and description. */
function fillPageData(token: string | undefined): PageData | undefined {
  if (!token || !SHARE_TOKEN.test(token)) return undefined;
  return {
    reads: [{ address: SHARED_CHECKLIST_ADDRESS, bearer: token }],
    slots(answers): Record<string, string> {
      const answer = answers[SHARED_CHECKLIST_ADDRESS];
      if (answer?.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return {};
      const checklist = answer.body as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      return { name: text(checklist.name), organization_name: text(checklist.organization_name), description: text(checklist.description) };
    },
  };
}

/** A signed-in page (issue #31): auth/me and the route's first reads (src/shared/first-reads.ts), as its login. */
function signedInPageData(match: RouteMatch, session: string): PageData {
  const reads = [paths.auth.me, ...firstReadsOf(match.route.pattern, match.params)];
  return { reads: reads.map((address) => ({ address, bearer: session })), slots: () => ({}), session };
}

/**
 * The first data of a page address, by its route: undefined for a page that reads nothing first. `session`:
 * the session cookie's token, for a signed-in page.
 */
export function pageDataOf(match: RouteMatch, session?: string): PageData | undefined {
  if (match.route.guard !== 'public') return session ? signedInPageData(match, session) : undefined;
  switch (match.route.shell) {
    case 'fill':
    case 'embed/fill':
      return fillPageData(match.params.token);
    default:
      return undefined;
  }
}

/** Makes a page's first reads through the API, side by side. */
export async function answerFirstReads(call: ApiCall, reads: readonly FirstRead[]): Promise<FirstAnswers> {
  const answers: FirstAnswers = {};
  await Promise.all(
    reads.map(async ({ address, bearer }) => {
      try {
        const response = await call(`/${address}`, { headers: { Authorization: `Bearer ${bearer}` } });
        // JSON, or an error's problem details (application/problem+json, http/problem-types.ts).
        if (response.status >= 500 || !/^application\/(?:problem\+)?json\b/i.test(response.headers.get('content-type') ?? '')) return;
        answers[address] = { status: response.status, body: await response.json() };
      } catch {
        // Not answered here: the page asks for it itself, and meets whatever went wrong there.
      }
    }),
  );
  return answers;
}

const PLACEHOLDER = '<script type="application/json" id="rb-first-answers"></script>';

/** Whether a shell carries the placeholder of first answers (a page that takes none is served as built). */
export function takesFirstAnswers(html: string): boolean {
  return html.includes(PLACEHOLDER);
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, whatever the answers hold. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An empty element marked `data-first="field"`, with its attributes before and after the mark. */
const SLOT = /<([a-z][a-z0-9]*)\b([^>]*?)\sdata-first="([a-z_]+)"([^>]*)><\/\1>/g;

/** The shell with its first data and its slots filled (a slot without text stays as it is: hidden). */
export function fillShell(html: string, data: FirstData, slots: Record<string, string>): string {
  const withAnswers = html.replace(PLACEHOLDER, () => `<script type="application/json" id="rb-first-answers">${scriptJson(data)}</script>`);
  return withAnswers.replace(SLOT, (element, tag: string, before: string, field: string, after: string) => {
    const text = slots[field];
    if (!text) return element;
    const attributes = `${before} data-first="${field}"${after}`.replace(/\shidden(?:="[^"]*")?(?=[\s>]|$)/, '');
    return `<${tag}${attributes}>${escapeHtml(text)}</${tag}>`;
  });
}

/**
 * What a page address is served: its shell filled with its first data (`kind`: 'link', whose credential is
 * in its address, or 'session', one login's page); or `ended`, a session cookie whose session has ended (the
 * shell is served as built and the cookie cleared); undefined when the page takes no first data.
 */
export type FirstDataPage = { kind: 'link' | 'session'; html: string } | { kind: 'ended' };

export async function firstDataShell(html: string, match: RouteMatch, call: ApiCall, session?: string): Promise<FirstDataPage | undefined> {
  if (!takesFirstAnswers(html)) return undefined;
  const page = pageDataOf(match, session);
  if (!page) return undefined;
  const answers = await answerFirstReads(call, page.reads);
  if (page.session === undefined) return { kind: 'link', html: fillShell(html, { answers }, page.slots(answers)) };
  if (answers[paths.auth.me]?.status !== 200) return { kind: 'ended' };
  const bearer = page.session;
  // What the page reads once its document is in (a result sheet's first rows), answered with the rest.
  const after = readsAfterDocument(match, answers, new Date());
  if (after.length > 0) Object.assign(answers, await answerFirstReads(call, after.map((address) => ({ address, bearer }))));
  const filled = fillShell(html, { answers, session: sessionDigest(page.session) }, page.slots(answers));
  // The page's first screen drawn from its answers (./first-paint/): a folder's tiles, home's welcome card, a
  // document page's head and a checklist's questions.
  const painted = paintHome(paintFolder(filled, match, answers), match, answers);
  // A read the page's first paint makes once it has the page's data (a presentation's image address), as its login.
  const readAsPage = async (address: string) => (await answerFirstReads(call, [{ address, bearer }]))[address];
  return { kind: 'session', html: await paintDocumentView(painted, match, answers, readAsPage) };
}
