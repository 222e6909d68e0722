/**
 * THE page data (issue #42): when the server serves a page address whose shell carries the page data
 * block (`<script type="application/json" id="rb-page-data"></script>` in its <head>), it writes the
 * page's data into it once, as one JSON object (src/shared/page-data.ts):
 *
 * - a signed-in page: its route's reads (auth/me and the route's own, src/shared/page-data-reads.ts), expanded
 *   for this address here and nowhere else — the page's bootstrap sends them while its modules download
 *   and matches no route; and with the session cookie (auth/session-cookie.ts, read only here) their
 *   answers, made for that login, which the transport takes instead of asking (src/client/page-data-script.ts);
 * - a share link's fill page: its link's checklist, made with the token of its address.
 *
 * The reads are made in process through the API's own routes (so with its permission checks, and answered
 * exactly as the API would answer them). An answer is left out when the API failed (5xx, or threw) or did not
 * answer JSON: the page then reads it itself. An empty element marked `data-first="<field>"` (and `hidden`)
 * gets that field of the fill page's checklist as its text and is shown, so its heading paints with the HTML.
 */
import type { RouteMatch } from '../../routes.ts';
import * as paths from '../../shared/api/paths.ts';
import { pageReadsOf, LOW_PRIORITY_READS } from '../../shared/page-data-reads.ts';
import { escapeHtml } from '../../shared/first-paint/markup.ts';
import { PAGE_DATA_ID, sessionDigest, type PageAnswers, type PageData as PageDataBlock } from '../../shared/page-data.ts';
import { documentViewPaint, readsAfterDocument } from './first-paint/document-view.ts';
import { folderPaint } from './first-paint/folder.ts';
import { homePaint } from './first-paint/home.ts';
import { allEdits, editShell, hasMark, type ShellEdits } from './first-paint/shell-edits.ts';

/** One API call a page's HTML answers: its address (relative to the API base) and its bearer credential. */
export interface PageRead {
  address: string;
  bearer: string;
}


/** Calls the API in process: an address relative to the API base (`/share/checklist`). */
export type ApiCall = (address: string, init: RequestInit) => Promise<Response>;

/**
 * What the server does for a page: the reads it answers (each with its bearer), the text of its `data-first`
 * slots drawn from their answers, and what the page data block says besides its answers.
 */
interface PageWork {
  reads: PageRead[];
  slots(answers: PageAnswers): Record<string, string>;
  /** The bearer the answers are made with (`session` of the block: its digest). */
  bearer?: string;
  /** A signed-in page's session token (its answers are that login's alone). */
  session?: string;
  /** The block's reads, low-priority reads and admin mark (a signed-in page). */
  block: PageDataBlock;
}

/** The address of a share link's checklist (routes/shared-checklist.ts). */
export const SHARED_CHECKLIST_ADDRESS = 'share/checklist';

/** A share token as the fill pages' address carries it (auth/share-links.ts issues 'share_' + 43). */
const SHARE_TOKEN = /^share_[A-Za-z0-9_-]{20,100}$/;

/** The fill pages: the link's checklist; their heading shows its name, organisation and description. */
function fillPageData(token: string | undefined): PageWork | undefined {
  if (!token || !SHARE_TOKEN.test(token)) return undefined;
  return {
    block: {},
    bearer: token,
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

/**
 * A signed-in page: its reads for the bootstrap (the folder sort left to the browser), and with the session
 * cookie's token their answers (in the default sort) as that login.
 */
function signedInPageData(match: RouteMatch, session: string | undefined): PageWork {
  const own = pageReadsOf(match.route.pattern, match.params, null);
  const block: PageDataBlock = { reads: [paths.auth.me, ...own], low: own.filter((read) => LOW_PRIORITY_READS.includes(read)) };
  if (match.route.guard === 'org-admin') block.admin = true;
  if (!session) return { block, reads: [], slots: () => ({}) };
  const reads = [paths.auth.me, ...pageReadsOf(match.route.pattern, match.params)];
  return { block, reads: reads.map((address) => ({ address, bearer: session })), slots: () => ({}), bearer: session, session };
}

/**
 * The first data of a page address, by its route: undefined for a page that reads nothing first. `session`:
 * the session cookie's token, for a signed-in page.
 */
export function pageDataOf(match: RouteMatch, session?: string): PageWork | undefined {
  if (match.route.guard !== 'public') return signedInPageData(match, session);
  switch (match.route.shell) {
    case 'fill':
    case 'embed/fill':
      return fillPageData(match.params.token);
    default:
      return undefined;
  }
}

/** Makes a page's first reads through the API, side by side. */
export async function answerPageReads(call: ApiCall, reads: readonly PageRead[]): Promise<PageAnswers> {
  const answers: PageAnswers = {};
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

const BLOCK = `#${PAGE_DATA_ID}`;

/** Whether a shell carries the page data block (a page that takes none is served as built). */
export function takesPageData(html: string): boolean {
  return hasMark(html, BLOCK);
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, whatever the answers hold. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

/**
 * The page data written into its block, and each `data-first="field"` slot with text given its text and
 * shown (a slot without text stays as it is: hidden).
 */
export function pageDataEdits(data: PageDataBlock, slots: Record<string, string> = {}): ShellEdits {
  const edits: ShellEdits = { [BLOCK]: { content: scriptJson(data) } };
  for (const [field, text] of Object.entries(slots)) if (text) edits[`[data-first=${field}]`] = { attributes: { hidden: null }, content: escapeHtml(text) };
  return edits;
}

/**
 * What a page address is served: its shell with its page data (`kind`: 'address', the reads of this address
 * for any visitor; 'link', answered with the credential in its address; 'session', one login's page);
 * `ended`: the session cookie's session has ended (the cookie is cleared). Undefined when the page takes no data.
 */
export type ServedPage = { kind: 'address' | 'link' | 'session'; html: string; ended?: boolean };

export async function pageDataShell(html: string, match: RouteMatch, call: ApiCall, session?: string): Promise<ServedPage | undefined> {
  if (!takesPageData(html)) return undefined;
  const page = pageDataOf(match, session);
  if (!page) return undefined;
  const answers = await answerPageReads(call, page.reads);
  if (page.session === undefined) {
    if (page.bearer === undefined) return { kind: 'address', html: editShell(html, pageDataEdits(page.block)) };
    return { kind: 'link', html: editShell(html, pageDataEdits({ ...page.block, answers, session: sessionDigest(page.bearer) }, page.slots(answers))) };
  }
  if (answers[paths.auth.me]?.status !== 200) return { kind: 'address', html: editShell(html, pageDataEdits(page.block)), ended: true };
  const bearer = page.session;
  // What the page reads once its document is in (a result sheet's first rows), answered with the rest.
  const after = readsAfterDocument(match, answers, new Date());
  if (after.length > 0) Object.assign(answers, await answerPageReads(call, after.map((address) => ({ address, bearer }))));
  // A read the page's first paint makes once it has the page's data (a presentation's image address), as its login.
  const readAsPage = async (address: string) => (await answerPageReads(call, [{ address, bearer }]))[address];
  // The page's first screen drawn from its answers (./first-paint/): a folder's tiles, home's welcome card, a
  // document page's head and a checklist's questions.
  const edits = allEdits(
    pageDataEdits({ ...page.block, answers, session: sessionDigest(bearer) }, page.slots(answers)),
    folderPaint(match, answers),
    homePaint(match, answers),
    await documentViewPaint(match, answers, readAsPage),
  );
  return { kind: 'session', html: editShell(html, edits) };
}
