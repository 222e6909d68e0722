/**
 * The document page's body drawn into its first HTML (issue #31), from the document the server answered
 * into it (`/documentation/view/{id}`: the latest version), by its doctype:
 * - a checklist: its questions (./checklist.ts);
 * other doctypes draw their body in the browser, as before.
 *
 * The shell's `#document-body` carries `data-first-html="document-body"`; what is drawn goes in there.
 */
import type { RouteMatch } from '../../../routes.ts';
import type { Document } from '../../../shared/api/documentation.ts';
import * as paths from '../../../shared/api/paths.ts';
import type { FirstAnswers } from '../first-answers.ts';
import { checklistBodyHtml } from './checklist.ts';

const VIEW_LATEST = '/documentation/view/:id';

/** The document of the page's answers, when the API gave it (200). */
function documentOf(match: RouteMatch, answers: FirstAnswers): Document | undefined {
  const id = match.params.id;
  if (match.route.pattern !== VIEW_LATEST || !id) return undefined;
  const answer = answers[paths.documentation.document(id)];
  if (answer?.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return undefined;
  return answer.body as Document;
}

/** The HTML of each `data-first-html` slot of the page (none: nothing drawn here). */
export async function documentViewPaint(match: RouteMatch, answers: FirstAnswers): Promise<Record<string, string>> {
  const doc = documentOf(match, answers);
  if (!doc) return {};
  try {
    const body = doc.doctype === 'form' ? await checklistBodyHtml(doc) : undefined;
    return body === undefined ? {} : { 'document-body': body };
  } catch (error) {
    // Never a 500 page for it: the page draws its body itself, as without the session cookie.
    console.error('The first paint of a document page failed', error);
    return {};
  }
}
