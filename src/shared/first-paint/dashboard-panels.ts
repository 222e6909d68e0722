/**
 * The dashboard's panels as markup (accounts §2 Home; issue #31): the items of Assignments to Claim,
 * Checklists in Progress, Favorites and Recent Activity, or the panel's one line when it lists nothing
 * (./dashboard-guidance.ts). Home's script sets them into the panels' lists (src/screens/home/dashboard.ts,
 * which wires the buttons by their `data-action`), and the server writes them into home's first HTML from
 * the page's first answers (src/server/http/first-paint/home.ts): one drawing, so the two cannot differ.
 * Pure, no DOM; dates come in words from the caller (the browser's language and zone, or the server's).
 */
import type { Assignment } from '../api/assignments.ts';
import type { FavouriteEntry, Notification } from '../api/notifications.ts';
import { notificationWords } from '../notification-words.ts';
import { browsePath, itemPath, submittedRowPath, viewPath } from '../page-addresses.ts';
import { emptyLineMarkup, type PanelName, type Viewer } from './dashboard-guidance.ts';
import { escapeHtml } from './markup.ts';

/** A date and time in words (src/client/time-format.ts formatDateTime in the browser). */
export type DateTimeText = (iso: string) => string;

/** What each panel says when it lists nothing (staying-informed.md "Dashboard"). */
export const EMPTY_PANEL_TEXT: Readonly<Record<PanelName, string>> = {
  assignments: 'No assignments to claim',
  drafts: 'No checklists in progress',
  favourites: 'No favourites yet',
  activity: 'No recent activity',
};

/** A panel's list content: its items, or its empty line (with the guidance once the viewer is known). */
export function panelMarkup(panel: PanelName, items: readonly string[], viewer: Viewer | undefined): string {
  return items.length > 0 ? items.join('') : emptyLineMarkup(EMPTY_PANEL_TEXT[panel], panel, viewer);
}

/** A panel whose read failed says so, in its list only. */
export const failedPanelMarkup = (detail: string): string => emptyLineMarkup(`Something went wrong: ${detail}`);

const time = (iso: string, text: DateTimeText) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(text(iso))}</time>`;
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
const item = (main: string, after = '') => `<li class="dashboard-item"><div class="dashboard-item-main">${main}</div>${after}</li>`;

// ─── Assignments to Claim ─────────────────────────────────────────────────────────────────────────

/** Where an assignment leads: a folder to the browser, a document to its viewer, a correction to the submitted row. */
export function assignmentHref(a: Pick<Assignment, 'kind' | 'object_id' | 'submission_id'>): string {
  if (a.kind === 'folder') return browsePath(a.object_id);
  if (a.kind === 'correction' && a.submission_id) return submittedRowPath(a.object_id, a.submission_id);
  return viewPath(a.object_id);
}

export type AssignmentAction = 'claim' | 'unclaim' | 'complete';

export const ACTION_LABEL: Readonly<Record<AssignmentAction, string>> = { claim: 'Claim', unclaim: 'Unclaim', complete: 'Complete' };

/**
 * What the dashboard offers on an assignment: Claim while unclaimed; Unclaim to its claimer (and to org
 * admins, as the API allows); Complete to the claimer of a correction (corrections are closed this way).
 */
export function offeredActions(a: Pick<Assignment, 'kind' | 'claimed' | 'claimed_by_username' | 'completed'>, me: { username: string; isOrgAdmin: boolean }): AssignmentAction[] {
  if (a.completed) return [];
  // Issue #44 (and #43 item 12): every assignment can be finished; an assignee completes an unclaimed one in one step.
  if (!a.claimed) return ['claim', 'complete'];
  const mine = a.claimed_by_username === me.username;
  const actions: AssignmentAction[] = [];
  if (mine || me.isOrgAdmin) actions.push('unclaim');
  if (mine) actions.push('complete');
  return actions;
}

/** 'Checklist', 'Folder', 'Corrective action' …: the kind of an assignment (or a favourite) as a word. */
export function assignmentKindWord(a: { kind: Assignment['kind'] | FavouriteEntry['kind']; doctype: Assignment['doctype'] }): string {
  if (a.kind === 'correction') return 'Corrective action';
  if (a.kind === 'folder') return 'Folder';
  switch (a.doctype) {
    case 'form':
      return 'Checklist';
    case 'sheet':
      return 'Result Sheet';
    case 'report':
      return 'Report';
    case 'presentation':
      return 'Presentation';
    default:
      return 'Document';
  }
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined || value === '') return 'Not answered';
  return String(value);
}

/** One assignment: its item and kind, to whom and when, its notes, failing answers and claim, and the buttons it offers. */
export function assignmentItemMarkup(a: Assignment, me: { username: string; isOrgAdmin: boolean }, dateText: DateTimeText): string {
  let main = `<p class="dashboard-title">${link(assignmentHref(a), a.object_name || 'Untitled')} <span class="dashboard-kind">${escapeHtml(assignmentKindWord(a))}</span></p>`;
  const by = a.assigned_by_username ? ` by ${a.assigned_by_username}` : '';
  main += `<p class="dashboard-meta">${escapeHtml(`Assigned to ${a.assigned_to.name}${by}, `)}${time(a.assigned_at, dateText)}</p>`;
  if (a.notes) main += `<p class="dashboard-notes">${escapeHtml(a.notes)}</p>`;
  if (a.failing_answers.length > 0) {
    const answers = a.failing_answers.map((f) => `<li>${escapeHtml(`${f.title || f.question_id}: ${valueText(f.value)}`)}</li>`).join('');
    main += `<ul class="dashboard-failing" aria-label="Invalid answers">${answers}</ul>`;
  }
  if (a.claimed) main += `<p class="dashboard-status">${escapeHtml(`Claimed by ${a.claimed_by_username ?? 'a former member'}`)}</p>`;
  const buttons = offeredActions(a, me).map((action) => {
    const look = action === 'unclaim' ? 'button secondary' : 'button';
    return `<button class="${look}" type="button" data-action="${action}" aria-label="${escapeHtml(`${ACTION_LABEL[action]} ${a.object_name}`)}">${ACTION_LABEL[action]}</button>`;
  });
  return `<li class="dashboard-item" data-assignment="${escapeHtml(a.id)}"><div class="dashboard-item-main">${main}</div><div class="dashboard-actions">${buttons.join('')}</div></li>`;
}

// ─── Checklists in Progress, Favorites, Recent Activity ──────────────────────────────────────────

/** A checklist in progress (a local draft of the filler): its checklist's name, and when it was saved. */
export function draftItemMarkup(draft: { documentId: string; savedAt: string | null }, title: string, dateText: DateTimeText): string {
  const saved = draft.savedAt ? `<p class="dashboard-meta">Saved ${time(draft.savedAt, dateText)}</p>` : '';
  return item(link(viewPath(draft.documentId), title) + saved);
}

/** A favourite: its name (to open it), its kind and its description. */
export function favouriteItemMarkup(f: FavouriteEntry): string {
  const title = `<p class="dashboard-title">${link(itemPath({ kind: f.kind, id: f.item_id }), f.name)} <span class="dashboard-kind">${escapeHtml(assignmentKindWord(f))}</span></p>`;
  return item(title + (f.description ? `<p class="dashboard-meta">${escapeHtml(f.description)}</p>` : ''));
}

/** A notification as a line of Recent Activity: who did what to which item (linked while it may be opened), and when. */
export function activityItemMarkup(n: Notification, dateText: DateTimeText): string {
  const { who, what, name } = notificationWords(n);
  const named = n.item ? link(itemPath(n.item), name) : escapeHtml(name);
  return item(`<p class="dashboard-title">${escapeHtml(`${who} ${what} `)}${named}</p><p class="dashboard-meta">${time(n.activity_time, dateText)}</p>`);
}
