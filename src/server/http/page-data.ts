/**
 * THE page data (issue #42): when the server serves a page address whose shell carries the page data
 * block (`<script type="application/json" id="rb-page-data"></script>` in its <head>), it writes the
 * page's data into it once, as one JSON object (src/shared/page-data.ts):
 *
 * - a signed-in page: its route's reads by name (`me` and the route's own, src/shared/page-data-reads.ts),
 *   their addresses expanded for this address here and nowhere else — the page's bootstrap sends them while
 *   its modules download and matches no route; and with the session cookie (auth/session-cookie.ts, read
 *   only here) their answers by name, made for that login, which the transport takes for the call that
 *   names the read instead of asking (src/client/page-data.ts). The first paint (./first-paint/) reads them
 *   by name too (`answers.folder`, `answers.contents`, `answers.document`…);
 * - a share link's fill page: its link's checklist (`sharedChecklist`), made with the token of its address.
 *
 * The reads are answered by their readers (./page-readers.ts): the services the API's routes call, called
 * directly with the API's permission checks, the caller signed in once — no in-process HTTP request — so each
 * answer is the API's (status and body). An answer the API would give as a 5xx is left out: the page then
 * reads it itself. An empty element marked `data-first="<field>"` (and `hidden`)
 * gets that field of the fill page's checklist as its text and is shown, so its heading paints with the HTML.
 */
import type { RouteMatch } from '../../routes.ts';
import * as paths from '../../shared/api/paths.ts';
import { pageReadsOf, LOW_PRIORITY_READS } from '../../shared/page-data-reads.ts';
import { escapeHtml } from '../../shared/first-paint/markup.ts';
import { PAGE_DATA_ID, sessionDigest, type PageAnswers, type PageData as PageDataBlock, type PageReads } from '../../shared/page-data.ts';
import { documentViewPaint, readsAfterDocument } from './first-paint/document-view.ts';
import { folderPaint } from './first-paint/folder.ts';
import { homePaint } from './first-paint/home.ts';
import { allEdits, editShell, hasMark, type ShellEdits } from './first-paint/shell-edits.ts';
import { sharedChecklistAnswer, signInPage } from './page-readers.ts';
import type { Deps } from '../env.ts';

/** A share token as the fill pages' address carries it (auth/share-links.ts issues 'share_' + 43). */
const SHARE_TOKEN = /^share_[A-Za-z0-9_-]{20,100}$/;

/** The fill pages' heading: the link's checklist's name, organisation and description. */
function fillSlots(answers: PageAnswers): Record<string, string> {
  const answer = answers.sharedChecklist;
  if (answer?.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return {};
  const checklist = answer.body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { name: text(checklist.name), organization_name: text(checklist.organization_name), description: text(checklist.description) };
}

/** A fill page (`/fill/{token}`, `/embed/fill/{token}`): its link's checklist, read with the token of its address. */
async function fillPage(html: string, deps: Deps, token: string | undefined): Promise<ServedPage | undefined> {
  if (!token || !SHARE_TOKEN.test(token)) return undefined;
  const answer = await sharedChecklistAnswer(deps, token);
  const answers: PageAnswers = answer ? { sharedChecklist: answer } : {};
  return { kind: 'link', html: editShell(html, pageDataEdits({ answers, session: sessionDigest(token) }, fillSlots(answers))) };
}

/** A signed-in page's block without answers: its reads by name, expanded for its address, the folder sort left to the browser. */
export function readsBlock(match: RouteMatch): PageDataBlock {
  const reads: PageReads = { me: paths.auth.me, ...pageReadsOf(match.route.pattern, match.params, null) };
  const block: PageDataBlock = { reads, low: LOW_PRIORITY_READS.filter((name) => name in reads) };
  if (match.route.guard === 'org-admin') block.admin = true;
  return block;
}

/**
 * A signed-in page: its reads for the bootstrap (the folder sort left to the browser); with the session
 * cookie's token, the caller signed in once and the reads answered (in the default sort) by their readers
 * (./page-readers.ts), and the page's first screen drawn from them (./first-paint/).
 */
async function signedInPage(html: string, match: RouteMatch, deps: Deps, session: string | undefined): Promise<ServedPage> {
  const block = readsBlock(match);
  const addressOnly = (ended?: true): ServedPage => ({ kind: 'address', html: editShell(html, pageDataEdits(block)), ...(ended ? { ended } : {}) });
  if (!session) return addressOnly();
  const reader = await signInPage(deps, session);
  const reads: PageReads = { me: paths.auth.me, ...pageReadsOf(match.route.pattern, match.params) };
  const answers = reader ? await reader.answer(reads) : {};
  if (!reader || answers.me?.status !== 200) return addressOnly(true);
  // What the page reads once its document is in (a result sheet's first rows), answered with the rest.
  const after = readsAfterDocument(match, answers, new Date());
  Object.assign(answers, await reader.answer(after));
  const edits = allEdits(
    pageDataEdits({ ...block, answers, session: sessionDigest(session) }),
    folderPaint(match, answers),
    homePaint(match, answers),
    // A read the page's first paint makes once it has the page's data (a presentation's image address).
    await documentViewPaint(match, answers, { ...reads, ...after }, (address) => reader.one(address)),
  );
  return { kind: 'session', html: editShell(html, edits) };
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

/** A page address's shell with its first data (`session`: the session cookie's token). */
export async function pageDataShell(html: string, match: RouteMatch, deps: Deps, session?: string): Promise<ServedPage | undefined> {
  if (!takesPageData(html)) return undefined;
  if (match.route.guard !== 'public') return signedInPage(html, match, deps, session);
  if (match.route.shell === 'fill' || match.route.shell === 'embed/fill') return fillPage(html, deps, match.params.token);
  return undefined;
}
