/**
 * The dashboard's guidance in the page (issue #32): reads GET workflow/first-steps (the caller's bits at the
 * root, and an org admin's first steps) and shows the first steps while one is left. The words, the rules
 * and the markup are src/shared/first-paint/dashboard-guidance.ts, which the server also writes into home's
 * first HTML; the list is drawn in place (elements/shared/morph.ts), so the server's nodes stay.
 */
import type { PageReadName } from '../../shared/page-data.ts';
import { api } from '../../client/api.ts';
import { firstStepItems, firstStepsMarkup, viewerOf, type Viewer } from '../../shared/first-paint/dashboard-guidance.ts';
import { morphInto } from '../../../elements/shared/morph.ts';

/** The guidance's read; `pageRead` on the page's first (src/shared/page-data-reads.ts names it `firstSteps`). */
export const readFirstSteps = (pageRead?: PageReadName) => api.workflow.firstSteps(pageRead);

/**
 * Reads the first steps and shows them (again after an organisation switch, and on a live change); the
 * viewer the empty panels' offers are for, or undefined when the read failed (the panels then say only
 * that they are empty).
 */
export async function readGuidance(isOrgAdmin: boolean, pageRead?: PageReadName): Promise<Viewer | undefined> {
  try {
    const answer = await readFirstSteps(pageRead);
    showFirstSteps(firstStepItems(answer.steps));
    return viewerOf(isOrgAdmin, answer);
  } catch {
    return undefined;
  }
}

function showFirstSteps(items: ReturnType<typeof firstStepItems>): void {
  const section = document.getElementById('first-steps');
  const list = document.getElementById('first-steps-list');
  if (!section || !list) return;
  section.hidden = !items;
  if (items) morphInto(list, firstStepsMarkup(items));
}
