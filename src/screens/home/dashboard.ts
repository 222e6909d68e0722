/**
 * The dashboard (/, accounts §2 Home): checklists in progress (the checklist filler's local drafts),
 * assignments to claim (Claim, Unclaim; Complete for a claimed corrective action), favourites and recent
 * activity (the member's own notifications: what happened to the items they follow and may Read — the
 * organisation's activity log is for org admins). List panels scroll at 500 px (the page's CSS).
 *
 * Its reads leave beside auth/me: `dashboardReads` is what home.ts hands to `signedInPage`, and the three
 * API addresses are the route's early reads (src/client/early-reads.ts). No read ever rejects: a panel
 * whose read failed says so on its own (in the picker and create modes the reads simply go unused).
 */
import { api, problemText } from '../../client/api.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { loadFavourites } from '../../client/stores/favourites.ts';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import type { Assignment } from '../../shared/api/assignments.ts';
import type { List } from '../../shared/api/list.ts';
import type { FavouriteEntry, NotificationList } from '../../shared/api/notifications.ts';
import {
  assignmentHref,
  assignmentKindWord,
  CLAIM_FAILED,
  COMPLETE_FAILED,
  localDrafts,
  MAX_DRAFTS,
  offeredActions,
  RECENT_ACTIVITY_LIMIT,
  UNCLAIM_FAILED,
  type AssignmentAction,
  type LocalDraft,
} from './dashboard-items.ts';
import { notificationWords } from '../chrome/notification-words.ts';
import { guideEmpty, showGuidance } from './dashboard-guidance.ts';
import { followLive } from './dashboard-live.ts';

type Settled<T> = { ok: true; value: T } | { ok: false; detail: string };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (err: unknown) => ({ ok: false as const, detail: problemText(err, 'please try again') }),
  );

export interface DashboardReads {
  assignments: Promise<Settled<List<Assignment>>>;
  favourites: Promise<Settled<List<FavouriteEntry>>>;
  activity: Promise<Settled<NotificationList>>;
  /** Each local draft with its checklist's name (undefined when it cannot be read: gone, not mine, offline). */
  drafts: { draft: LocalDraft; name: Promise<string | undefined> }[];
}

function storageEntries(): [string, string | null][] {
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)!).map((key) => [key, localStorage.getItem(key)]);
  } catch {
    return [];
  }
}

/** The API reads of the dashboard, exactly as its early reads name them. */
export const dashboardApiReads = () => ({
  assignments: settle(api.workflow.assignments()),
  // Through the store: the drawer's Favorites list shares this read (src/client/stores/favourites.ts).
  favourites: settle(loadFavourites()),
  activity: settle(api.informed.notifications({ limit: RECENT_ACTIVITY_LIMIT })),
});

/** Every read of the dashboard, started at once. */
export function readDashboard(): DashboardReads {
  const drafts = localDrafts(storageEntries())
    .slice(0, MAX_DRAFTS)
    .map((draft) => ({
      draft,
      name: api.documentation.document(draft.documentId).then(
        (d) => d.name,
        () => undefined,
      ),
    }));
  return { ...dashboardApiReads(), drafts };
}

/** For `signedInPage`: the reads leave beside auth/me; the panels show each as it arrives. */
export const dashboardReads = (): Promise<DashboardReads> => Promise.resolve(readDashboard());

// ─── Rendering ────────────────────────────────────────────────────────────────────────────────────

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function link(href: string, text: string): HTMLAnchorElement {
  const a = el('a', undefined, text);
  a.href = href;
  return a;
}

const list = (name: string) => document.querySelector<HTMLUListElement>(`[data-dashboard-list="${name}"]`)!;

/**
 * Fills a panel's list: the items, or one line saying it is empty — with what would fill it and the next
 * step (dashboard-guidance.ts) — or why it could not be loaded.
 */
function fill(name: string, items: HTMLLIElement[], empty: string, guided = true): void {
  const ul = list(name);
  ul.removeAttribute('aria-busy');
  if (items.length > 0) return ul.replaceChildren(...items);
  const line = el('li', 'dashboard-empty');
  line.append(el('p', 'dashboard-empty-text', empty));
  if (guided) {
    line.dataset.emptyPanel = name;
    guideEmpty(line);
  }
  ul.replaceChildren(line);
}

function failed(name: string, detail: string): void {
  fill(name, [], `Something went wrong: ${detail}`, false);
}

async function showDrafts(user: CurrentUser, drafts: DashboardReads['drafts']): Promise<void> {
  const mine = drafts.filter(({ draft }) => draft.orgId === user.org?.id && draft.userId === user.id);
  const items = await Promise.all(
    mine.map(async ({ draft, name }) => {
      const title = await name;
      if (title === undefined) return undefined;
      const item = el('li', 'dashboard-item');
      const main = el('div', 'dashboard-item-main');
      main.append(link(`/documentation/view/${encodeURIComponent(draft.documentId)}`, title));
      if (draft.savedAt) {
        const meta = el('p', 'dashboard-meta', 'Saved ');
        meta.append(timeElement(draft.savedAt, formatDateTime(draft.savedAt)));
        main.append(meta);
      }
      item.append(main);
      return item;
    }),
  );
  fill('drafts', items.filter((i): i is HTMLLIElement => i !== undefined), 'No checklists in progress');
}

const ACTION_LABEL: Record<AssignmentAction, string> = { claim: 'Claim', unclaim: 'Unclaim', complete: 'Complete' };
const ACTION_FAILED: Record<AssignmentAction, string> = { claim: CLAIM_FAILED, unclaim: UNCLAIM_FAILED, complete: COMPLETE_FAILED };

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined || value === '') return 'Not answered';
  return String(value);
}

class AssignmentsPanel {
  private items: Assignment[] = [];

  constructor(private readonly me: { username: string; isOrgAdmin: boolean }) {}

  show(found: Settled<List<Assignment>>): void {
    if (!found.ok) return failed('assignments', found.detail);
    this.items = found.value.results;
    this.render();
  }

  private render(focus?: { id: string; action: AssignmentAction | 'any' }): void {
    fill('assignments', this.items.map((a) => this.item(a)), 'No assignments to claim');
    if (focus) {
      const buttons = [...list('assignments').querySelectorAll<HTMLButtonElement>(`[data-assignment="${focus.id}"] button`)];
      (buttons.find((b) => b.dataset.action === focus.action) ?? buttons[0] ?? document.getElementById('dashboard-assignments-heading'))?.focus();
    }
  }

  private item(a: Assignment): HTMLLIElement {
    const item = el('li', 'dashboard-item');
    item.dataset.assignment = a.id;
    const main = el('div', 'dashboard-item-main');
    const title = el('p', 'dashboard-title');
    title.append(link(assignmentHref(a), a.object_name || 'Untitled'), ' ', el('span', 'dashboard-kind', assignmentKindWord(a)));
    main.append(title);
    const meta = el('p', 'dashboard-meta', `Assigned to ${a.assigned_to.name}${a.assigned_by_username ? ` by ${a.assigned_by_username}` : ''}, `);
    meta.append(timeElement(a.assigned_at, formatDateTime(a.assigned_at)));
    main.append(meta);
    if (a.notes) main.append(el('p', 'dashboard-notes', a.notes));
    if (a.failing_answers.length > 0) {
      const failing = el('ul', 'dashboard-failing');
      failing.setAttribute('aria-label', 'Invalid answers');
      for (const f of a.failing_answers) failing.append(el('li', undefined, `${f.title || f.question_id}: ${valueText(f.value)}`));
      main.append(failing);
    }
    if (a.claimed) main.append(el('p', 'dashboard-status', `Claimed by ${a.claimed_by_username ?? 'a former member'}`));
    const actions = el('div', 'dashboard-actions');
    for (const action of offeredActions(a, this.me)) {
      const button = el('button', action === 'claim' || action === 'complete' ? 'button' : 'button secondary', ACTION_LABEL[action]);
      button.type = 'button';
      button.dataset.action = action;
      button.setAttribute('aria-label', `${ACTION_LABEL[action]} ${a.object_name}`);
      button.addEventListener('click', () => void this.run(a, action, actions));
      actions.append(button);
    }
    item.append(main, actions);
    return item;
  }

  private async run(a: Assignment, action: AssignmentAction, actions: HTMLElement): Promise<void> {
    for (const b of actions.querySelectorAll('button')) b.disabled = true;
    try {
      const updated = await api.workflow[action](a.kind, a.id);
      if (updated.completed) {
        this.items = this.items.filter((x) => x.id !== a.id);
        showAlert('success', `Corrective action on ${a.object_name} marked done.`);
        this.render({ id: '', action: 'any' });
      } else {
        this.items = this.items.map((x) => (x.id === a.id ? updated : x));
        showAlert('success', action === 'claim' ? `You claimed ${a.object_name}.` : `You unclaimed ${a.object_name}.`);
        this.render({ id: a.id, action: action === 'claim' ? 'unclaim' : 'claim' });
      }
    } catch {
      showAlert('error', ACTION_FAILED[action]);
      for (const b of actions.querySelectorAll('button')) b.disabled = false;
    }
  }
}

function showFavourites(found: Settled<List<FavouriteEntry>>): void {
  if (!found.ok) return failed('favourites', found.detail);
  fill(
    'favourites',
    found.value.results.map((f) => {
      const item = el('li', 'dashboard-item');
      const main = el('div', 'dashboard-item-main');
      const href = f.kind === 'folder' ? `/documentation/browse/${encodeURIComponent(f.item_id)}` : `/documentation/view/${encodeURIComponent(f.item_id)}`;
      const title = el('p', 'dashboard-title');
      title.append(link(href, f.name), ' ', el('span', 'dashboard-kind', assignmentKindWord({ kind: f.kind, doctype: f.doctype })));
      main.append(title);
      if (f.description) main.append(el('p', 'dashboard-meta', f.description));
      item.append(main);
      return item;
    }),
    'No favourites yet',
  );
}

function showActivity(found: Settled<NotificationList>): void {
  if (!found.ok) return failed('activity', found.detail);
  fill(
    'activity',
    found.value.results.map((n) => {
      const item = el('li', 'dashboard-item');
      const main = el('div', 'dashboard-item-main');
      const { who, what, name } = notificationWords(n);
      const line = el('p', 'dashboard-title', `${who} ${what} `);
      if (n.item) line.append(link(n.item.kind === 'folder' ? `/documentation/browse/${encodeURIComponent(n.item.id)}` : `/documentation/view/${encodeURIComponent(n.item.id)}`, name));
      else line.append(name);
      const meta = el('p', 'dashboard-meta');
      meta.append(timeElement(n.activity_time, formatDateTime(n.activity_time)));
      main.append(line, meta);
      item.append(main);
      return item;
    }),
    'No recent activity',
  );
}

/** Shows the dashboard's panels as their reads come in; `reads` for another organisation start again. */
export function showDashboardPanels(user: CurrentUser, reads: DashboardReads): void {
  for (const name of ['drafts', 'assignments', 'favourites', 'activity']) list(name).setAttribute('aria-busy', 'true');
  const assignments = new AssignmentsPanel({ username: user.username, isOrgAdmin: user.is_org_admin });
  void showDrafts(user, reads.drafts);
  void reads.assignments.then((found) => assignments.show(found));
  void reads.favourites.then(showFavourites);
  void reads.activity.then(showActivity);
  void showGuidance(user.is_org_admin);
  // Live (issue #32): what the bell hears, these panels show without a reload.
  followLive({
    assignments: () => void settle(api.workflow.assignments()).then((found) => assignments.show(found)),
    activity: () => void settle(api.informed.notifications({ limit: RECENT_ACTIVITY_LIMIT })).then(showActivity),
    drafts: () => void showDrafts(user, readDashboard().drafts),
    guidance: () => void showGuidance(user.is_org_admin),
  });
}
