/**
 * A page's first data in its first response (issue #29's /fill/ paint; the mechanism issue #31 builds on):
 * when the server serves a shell whose route has first reads, it makes those API calls itself, in process
 * and through the API's own routes (so with its permission checks, and answered exactly as the API would
 * answer them), and writes the answers into the HTML:
 *
 * - `<script type="application/json" id="rb-first-answers"></script>`, a placeholder a shell carries in its
 *   <head> before its first-read bootstrap, becomes `{ "<address>": { status, body } }` (addresses relative to
 *   the API base, as src/shared/api/paths.ts spells them). The bootstrap takes an answer from there instead
 *   of asking the network; a shell served without it (the service worker's copy, offline) asks as before.
 * - an empty element marked `data-first="<field>"` (and `hidden`) gets that field of the page's data as
 *   its text and is shown, so the page's heading paints with the HTML, before any module has run.
 *
 * A JSON answer is left out when the API failed (5xx) or did not answer JSON: the page then reads it itself.
 */
import type { RouteMatch } from '../../routes.ts';

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

/** Calls the API in process: an address relative to the API base (`/share/checklist`). */
export type ApiCall = (address: string, init: RequestInit) => Promise<Response>;

/** A page's first reads, and the text of its `data-first` slots drawn from their answers. */
interface PageData {
  reads: FirstRead[];
  slots(answers: FirstAnswers): Record<string, string>;
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

/** The first data of a page address, by its route's shell: undefined for a page that reads nothing first. */
export function pageDataOf(match: RouteMatch): PageData | undefined {
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
      const response = await call(`/${address}`, { headers: { Authorization: `Bearer ${bearer}` } });
      if (response.status >= 500 || !response.headers.get('content-type')?.includes('application/json')) return;
      answers[address] = { status: response.status, body: await response.json() };
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

/** The shell with its first answers and its slots filled (a slot without text stays as it is: hidden). */
export function fillShell(html: string, answers: FirstAnswers, slots: Record<string, string>): string {
  const withAnswers = html.replace(PLACEHOLDER, () => `<script type="application/json" id="rb-first-answers">${scriptJson(answers)}</script>`);
  return withAnswers.replace(SLOT, (element, tag: string, before: string, field: string, after: string) => {
    const text = slots[field];
    if (!text) return element;
    const attributes = `${before} data-first="${field}"${after}`.replace(/\shidden(?:="[^"]*")?(?=[\s>]|$)/, '');
    return `<${tag}${attributes}>${escapeHtml(text)}</${tag}>`;
  });
}

/** The shell of a page address filled with its first data; undefined when the page takes none. */
export async function firstDataShell(html: string, match: RouteMatch, call: ApiCall): Promise<string | undefined> {
  if (!takesFirstAnswers(html)) return undefined;
  const page = pageDataOf(match);
  if (!page) return undefined;
  const answers = await answerFirstReads(call, page.reads);
  return fillShell(html, answers, page.slots(answers));
}
