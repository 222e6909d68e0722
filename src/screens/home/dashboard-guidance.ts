/**
 * The dashboard says what to do (issue #32). Each empty panel says what would fill it and, to someone
 * allowed to take it, offers the next step; an org admin's dashboard lists the first steps (create a
 * folder, make a checklist, invite a member, print QR labels for a folder), each ticked once the
 * organisation's data shows it done (GET workflow/first-steps: derived on the server, not remembered here).
 * The list stays until every step is done. Pure words and rules in `emptyPanelGuide` / `firstStepItems`;
 * the DOM below them.
 */
import { api } from '../../client/api.ts';
import type { FirstStep, FirstSteps } from '../../shared/api/first-steps.ts';
import { allows } from '../../shared/permissions/index.ts';

export type PanelName = 'assignments' | 'drafts' | 'favourites' | 'activity';

const BROWSE = '/documentation/browse';
const USERS = '/admin/users';

/** What the viewer may do, for the offers: org admin, and the bits at the root. */
export interface Viewer {
  isOrgAdmin: boolean;
  rootPermissions: number;
}

/** What an empty panel says would fill it, and the step offered (a link) when the viewer may take it. */
export function emptyPanelGuide(panel: PanelName, viewer: Viewer): { hint: string; offer?: { href: string; text: string } } {
  const canCreate = allows(viewer.rootPermissions, 'createDocument') || allows(viewer.rootPermissions, 'createFolder');
  switch (panel) {
    case 'assignments':
      return {
        hint: 'Folders and documents assigned to you, to one of your roles or to your organization show here.',
        offer: allows(viewer.rootPermissions, 'assign') ? { href: BROWSE, text: 'Assign a checklist from its menu in Browse Documents' } : undefined,
      };
    case 'drafts':
      return {
        hint: 'Checklists you start filling in and have not submitted yet show here.',
        offer: canCreate ? { href: BROWSE, text: 'Create a folder or checklist' } : { href: BROWSE, text: 'Browse Documents' },
      };
    case 'favourites':
      return { hint: 'Folders and documents you mark as favourites show here.', offer: { href: BROWSE, text: 'Browse Documents' } };
    case 'activity':
      return {
        hint: 'Changes to the folders and documents you subscribe to, and work assigned to you, show here.',
        offer: viewer.isOrgAdmin ? { href: USERS, text: 'Invite people' } : undefined,
      };
  }
}

/** The first steps in their order, with where each is taken. */
export const FIRST_STEPS: readonly { step: FirstStep; text: string; href: string }[] = [
  { step: 'folder', text: 'Create a folder', href: BROWSE },
  { step: 'checklist', text: 'Make a checklist', href: BROWSE },
  { step: 'member', text: 'Invite a member', href: USERS },
  { step: 'qr_labels', text: 'Print QR labels for a folder', href: BROWSE },
];

/** The list to show, or undefined: only for org admins, and only while a step is left. */
export function firstStepItems(steps: FirstSteps['steps']): { step: FirstStep; text: string; href: string; done: boolean }[] | undefined {
  if (!steps) return undefined;
  const items = FIRST_STEPS.map((s) => ({ ...s, done: steps[s.step] }));
  return items.every((i) => i.done) ? undefined : items;
}

// ─── DOM ────────────────────────────────────────────────────────────────────────────────────────────

let viewer: Viewer | undefined;

/** Reads the first steps and the root's bits (again after an organisation switch, and on a live change). */
export async function showGuidance(isOrgAdmin: boolean): Promise<void> {
  let answer: FirstSteps;
  try {
    answer = await api.workflow.firstSteps();
  } catch {
    return; // the panels' own texts stand; nothing else depends on it
  }
  viewer = { isOrgAdmin, rootPermissions: answer.root_permissions };
  renderFirstSteps(firstStepItems(answer.steps));
  for (const li of document.querySelectorAll<HTMLLIElement>('li.dashboard-empty[data-empty-panel]')) guideEmpty(li);
}

/** Adds the hint and the offer to an empty panel's line (once the viewer is known; showGuidance does the rest). */
export function guideEmpty(li: HTMLLIElement): void {
  const panel = li.dataset.emptyPanel as PanelName | undefined;
  if (!viewer || !panel || li.querySelector('.dashboard-guide')) return;
  const { hint, offer } = emptyPanelGuide(panel, viewer);
  const guide = document.createElement('p');
  guide.className = 'dashboard-guide';
  guide.textContent = hint;
  li.append(guide);
  if (offer) {
    const a = document.createElement('a');
    a.className = 'dashboard-offer';
    a.href = offer.href;
    a.textContent = offer.text;
    li.append(a);
  }
}

function renderFirstSteps(items: ReturnType<typeof firstStepItems>): void {
  const section = document.getElementById('first-steps');
  const list = document.getElementById('first-steps-list');
  if (!section || !list) return;
  section.hidden = !items;
  if (!items) return;
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li');
      li.className = 'first-step';
      li.dataset.done = String(item.done);
      const mark = document.createElement('span');
      mark.className = 'first-step-mark';
      mark.setAttribute('aria-hidden', 'true');
      mark.textContent = item.done ? '✓' : '';
      const a = document.createElement('a');
      a.href = item.href;
      a.textContent = item.text;
      const state = document.createElement('span');
      state.className = 'visually-hidden';
      state.textContent = item.done ? ' (done)' : ' (to do)';
      li.append(mark, a, state);
      return li;
    }),
  );
}
