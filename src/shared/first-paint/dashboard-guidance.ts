/**
 * The dashboard says what to do (issue #32), as markup (issue #31). Each empty panel says what would fill
 * it and, to someone allowed to take it, offers the next step; an org admin's dashboard lists the first
 * steps (create a folder, make a checklist, invite a member, print QR labels for a folder), each ticked
 * once the organisation's data shows it done (GET workflow/first-steps: derived on the server, not
 * remembered in a browser). The list stays until every step is done.
 *
 * Pure words, rules and markup: home's script sets them (src/screens/home/dashboard.ts,
 * dashboard-guidance.ts) and the server writes them into home's first HTML (src/server/http/first-paint/
 * home.ts): one drawing, so the two cannot differ.
 */
import type { FirstStep, FirstSteps } from '../api/first-steps.ts';
import { allows } from '../permissions/index.ts';
import { escapeHtml } from './markup.ts';

export type PanelName = 'assignments' | 'drafts' | 'favourites' | 'activity';

const BROWSE = '/documentation/browse';
const USERS = '/admin/users';

/** What the viewer may do, for the offers: org admin, and the bits at the root. */
export interface Viewer {
  isOrgAdmin: boolean;
  rootPermissions: number;
}

/** The viewer a first-steps answer describes. */
export const viewerOf = (isOrgAdmin: boolean, answer: Pick<FirstSteps, 'root_permissions'>): Viewer => ({ isOrgAdmin, rootPermissions: answer.root_permissions });

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

/**
 * A panel's one line when it has nothing to list: `text` ('No favourites yet', or why it could not be
 * read), and for a `panel` (not for a failure) what would fill it and the offer, when the viewer is known.
 */
export function emptyLineMarkup(text: string, panel?: PanelName, viewer?: Viewer): string {
  let guide = '';
  if (panel && viewer) {
    const { hint, offer } = emptyPanelGuide(panel, viewer);
    guide = `<p class="dashboard-guide">${escapeHtml(hint)}</p>`;
    if (offer) guide += `<a class="dashboard-offer" href="${escapeHtml(offer.href)}">${escapeHtml(offer.text)}</a>`;
  }
  const marked = panel ? ` data-empty-panel="${panel}"` : '';
  return `<li class="dashboard-empty"${marked}><p class="dashboard-empty-text">${escapeHtml(text)}</p>${guide}</li>`;
}

/** The first steps in their order, with where each is taken. */
export const FIRST_STEPS: readonly { step: FirstStep; text: string; href: string }[] = [
  { step: 'folder', text: 'Create a folder', href: BROWSE },
  { step: 'checklist', text: 'Make a checklist', href: BROWSE },
  { step: 'member', text: 'Invite a member', href: USERS },
  { step: 'qr_labels', text: 'Print QR labels for a folder', href: BROWSE },
];

export type FirstStepItem = (typeof FIRST_STEPS)[number] & { done: boolean };

/** The list to show, or undefined: only for org admins, and only while a step is left. */
export function firstStepItems(steps: FirstSteps['steps']): FirstStepItem[] | undefined {
  if (!steps) return undefined;
  const items = FIRST_STEPS.map((s) => ({ ...s, done: steps[s.step] }));
  return items.every((i) => i.done) ? undefined : items;
}

/** The first steps' list items (the content of `#first-steps-list`): a mark, the link, and the state in words. */
export function firstStepsMarkup(items: readonly FirstStepItem[]): string {
  return items
    .map(
      (item) =>
        `<li class="first-step" data-done="${item.done}"><span class="first-step-mark" aria-hidden="true">${item.done ? '✓' : ''}</span>` +
        `<a href="${escapeHtml(item.href)}">${escapeHtml(item.text)}</a><span class="visually-hidden">${item.done ? ' (done)' : ' (to do)'}</span></li>`,
    )
    .join('');
}
