/**
 * A document page drawn into its first HTML (issue #31), from the document the server answered into it
 * (the route's first read: `/documentation/view/{id}` the latest version, `…/version/{n}` and `…/{n}`
 * version n, `…/{rowId}` the latest with one submitted row), and then shown (./reveal.ts), so its head and
 * body paint before any module has run:
 * - the head, for every doctype: the heading 'View {name}' ('(Version: n)' on a version's address), the
 *   breadcrumbs and the not-most-recent warning (src/shared/first-paint/document-head.ts: what the page's
 *   script writes too, src/screens/documentation/document-view.ts), the frame shown, 'Loading…' gone,
 *   and the toolbar's room kept (documentation.css `.document-toolbar:empty`, `data-room`: with or without the
 *   View/Edit switch; the script fills it, nothing moves);
 * - the body, by its doctype: a checklist's questions (./checklist.ts), a presentation's first page image
 *   (./presentation.ts, which reads its address as the page's login: `read`), a result sheet's grid with its
 *   first rows (./sheet-results.ts, from `readsAfterDocument`'s answer); other doctypes draw theirs in the
 *   browser, as before.
 *
 * The shell's slots carry `data-first-html="<name>"`; the markup goes in by ./shell-edits.ts.
 */
import type { RouteMatch } from '../../../routes.ts';
import type { Document } from '../../../shared/api/documentation.ts';
import { allows } from '../../../shared/permissions/actions.ts';
import { firstRowsAddress, firstRowsQuery } from '../../../shared/sheets/first-rows.ts';
import { documentCrumbsMarkup, viewTitle } from '../../../shared/first-paint/document-head.ts';
import { escapeHtml } from '../../../shared/first-paint/markup.ts';
import { viewPath } from '../../../shared/page-addresses.ts';
import type { PageAnswers, PageReads } from '../../../shared/page-data.ts';
import { checklistBodyHtml } from './checklist.ts';
import { presentationBodyHtml, type ReadAsPage } from './presentation.ts';
import { sheetResultsBodyHtml } from './sheet-results.ts';
import { REVEAL_PAGE } from './reveal.ts';
import type { ShellEdits } from './shell-edits.ts';

/** The document page's routes (src/routes.ts) and whether the address names a version (`:second` when all digits). */
const VIEW_ROUTES: Readonly<Record<string, (params: Readonly<Record<string, string>>) => boolean>> = {
  '/documentation/view/:id': () => false,
  '/documentation/view/:id/version/:version': () => true,
  '/documentation/view/:id/:second': (params) => /^[0-9]+$/.test(params.second ?? ''),
};
const VIEW_LATEST = '/documentation/view/:id';
/** The pages that show a result sheet's or a report's rows, and which screen each is (src/shared/sheets/first-rows.ts). */
const ROWS_SCREENS: Readonly<Record<string, 'viewer' | 'results'>> = { [VIEW_LATEST]: 'viewer', '/documentation/results/:id': 'results' };

/**
 * The reads the page makes as soon as its document is in, answered into its HTML with the first ones (the
 * doctype registry's `pageReads` in the browser): a result sheet's or a report's first rows, at the address
 * the page asks for (src/shared/sheets/first-rows.ts: a window in whole UTC days, as the server cannot know
 * the browser's time zone).
 */
export function readsAfterDocument(match: RouteMatch, answers: PageAnswers, now: Date): PageReads {
  const screen = ROWS_SCREENS[match.route.pattern];
  const doc = screen ? documentOf(match, answers) : undefined;
  if (!screen || !doc || (doc.doctype !== 'sheet' && doc.doctype !== 'report')) return {};
  return { rows: firstRowsAddress(doc.id, firstRowsQuery(doc.doctype, screen, now)) };
}

/** The document of the page's answers (its read `document`, or `version`), when the API gave it (200). */
function documentOf(match: RouteMatch, answers: PageAnswers): Document | undefined {
  if (!VIEW_ROUTES[match.route.pattern] && !(match.route.pattern in ROWS_SCREENS)) return undefined;
  const answer = answers.document ?? answers.version;
  if (answer?.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return undefined;
  return answer.body as Document;
}

/** The body's markup by doctype (the latest version only: a version's page draws its body in the browser). */
async function bodyOf(match: RouteMatch, doc: Document, answers: PageAnswers, reads: PageReads, read: ReadAsPage): Promise<ShellEdits> {
  if (match.route.pattern !== VIEW_LATEST) return {};
  try {
    const body =
      doc.doctype === 'form'
        ? await checklistBodyHtml(doc)
        : doc.doctype === 'presentation'
          ? await presentationBodyHtml(doc, read)
          : doc.doctype === 'sheet'
            ? sheetResultsBodyHtml(doc, answers.rows, reads.rows)
            : undefined;
    return body === undefined ? {} : { '[data-first-html=document-body]': { content: body } };
  } catch (error) {
    // Never a 500 page for it: the page draws its body itself, as without the session cookie.
    console.error('The first paint of a document page failed', error);
    return {};
  }
}

/**
 * The document page drawn into the shell from its answers, when `match` is a document page whose document
 * was answered; `reads`: the addresses of the answers' reads (a sheet's rows: the window's start is in it).
 */
export async function documentViewPaint(
  match: RouteMatch,
  answers: PageAnswers,
  reads: PageReads = {},
  read: ReadAsPage = async () => undefined,
): Promise<ShellEdits> {
  const doc = VIEW_ROUTES[match.route.pattern] ? documentOf(match, answers) : undefined;
  if (!doc) return {};
  const named = VIEW_ROUTES[match.route.pattern]!(match.params);
  const title = escapeHtml(viewTitle(doc.name, named ? doc.version : undefined));
  const older = doc.version < doc.latest_version;
  return {
    ...REVEAL_PAGE,
    ...(await bodyOf(match, doc, answers, reads, read)),
    '[data-first-html=document-heading]': { content: title },
    '[data-first-html=breadcrumbs]': { content: documentCrumbsMarkup(doc) },
    '#document-frame': { attributes: { hidden: null } },
    '#document-status': { content: '' },
    '#document-toolbar': { attributes: { hidden: null, 'data-room': allows(doc.user_permissions, 'edit') ? 'edit' : 'read' } },
    '#topbar-page': { content: title },
    ...(older ? { '#version-warning': { attributes: { hidden: null } }, '#latest-version-link': { attributes: { href: viewPath(doc.id) } } } : {}),
  };
}
