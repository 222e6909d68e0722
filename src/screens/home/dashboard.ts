/**
 * The dashboard (/, accounts §2 Home): checklists in progress (the checklist filler's local drafts),
 * assignments to claim (Claim, Unclaim; Complete for a claimed corrective action), favourites and recent
 * activity (the member's own notifications: what happened to the items they follow and may Read — the
 * organisation's activity log is for org admins). List panels scroll at 500 px (the page's CSS).
 *
 * Its reads leave beside auth/me: `dashboardReads` is what home.ts hands to `signedInPage`, and the three
 * API addresses are the route's first reads (src/shared/page-data-reads.ts), with the first steps
 * (./dashboard-guidance.ts). No read ever rejects: a panel whose read failed says so on its own (in the
 * picker and create modes the reads simply go unused).
 *
 * Each panel is drawn with THE markup of src/shared/first-paint/dashboard-panels.ts, which the server also
 * writes into the first HTML when the page comes with its first data (issue #31): a panel is drawn once it
 * is complete — its read in, and for an empty one the viewer its offer is for — and drawn in place
 * (elements/shared/morph.ts): the nodes already there are kept, only what differs is changed (the dates,
 * written in the browser's zone and language). So the take-over moves nothing, and a focused link or
 * button stays focused.
 */
import { api, problemText } from '../../client/api.ts';
import { formatDateTime } from '../../client/time-format.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { loadFavourites } from '../../client/stores/favourites.ts';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import type { Assignment } from '../../shared/api/assignments.ts';
import type { List } from '../../shared/api/list.ts';
import type { FavouriteEntry, NotificationList } from '../../shared/api/notifications.ts';
import type { PanelName, Viewer } from '../../shared/first-paint/dashboard-guidance.ts';
import {
  activityItemMarkup,
  assignmentItemMarkup,
  draftItemMarkup,
  failedPanelMarkup,
  favouriteItemMarkup,
  panelMarkup,
  type AssignmentAction,
} from '../../shared/first-paint/dashboard-panels.ts';
import { CLAIM_FAILED, COMPLETE_FAILED, localDrafts, MAX_DRAFTS, RECENT_ACTIVITY_LIMIT, UNCLAIM_FAILED, type LocalDraft } from './dashboard-items.ts';
import { readGuidance } from './dashboard-guidance.ts';
import { followLive } from './dashboard-live.ts';
import { morphInto } from '../../../elements/shared/morph.ts';
import { showDone, showDue } from './dashboard-due.ts';

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

/** The API reads of the dashboard; `first`: the page's first, named as its page data names them (src/shared/page-data-reads.ts). */
export const dashboardApiReads = (first = false) => ({
  assignments: settle(api.workflow.assignments(first ? 'assignments' : undefined)),
  // Through the store: the drawer's Favorites list shares this read, and names it the first time (src/client/stores/favourites.ts).
  favourites: settle(loadFavourites()),
  activity: settle(api.informed.notifications({ limit: RECENT_ACTIVITY_LIMIT }, first ? 'recentActivity' : undefined)),
});

/** Every read of the dashboard, started at once (`first`: the page's first, see dashboardApiReads). */
export function readDashboard(first = false): DashboardReads {
  const drafts = localDrafts(storageEntries())
    .slice(0, MAX_DRAFTS)
    .map((draft) => ({
      draft,
      name: api.documentation.document(draft.documentId).then(
        (d) => d.name,
        () => undefined,
      ),
    }));
  return { ...dashboardApiReads(first), drafts };
}

/** For `signedInPage`: the reads leave beside auth/me; the panels show each as it arrives. */
export const dashboardReads = (): Promise<DashboardReads> => Promise.resolve(readDashboard(true));

// ─── Drawing ──────────────────────────────────────────────────────────────────────────────────────

const list = (name: PanelName) => document.querySelector<HTMLUListElement>(`[data-dashboard-list="${name}"]`)!;

/** What a panel shows: its items' markup, or why its read failed. */
type PanelState = { items: string[] } | { failed: string };

/** One showing of the dashboard, for one organisation (an organisation switch makes another). */
interface Board {
  /** The viewer the empty panels' offers are for (undefined: the first steps could not be read). */
  viewer: Promise<Viewer | undefined>;
  /** The state each panel was last given (a later one wins over an earlier one still waiting). */
  states: Map<PanelName, PanelState>;
}

let board: Board | undefined;

/**
 * Draws a panel once it is complete: its items, its empty line with the guidance (when the viewer is in),
 * or its failure. Until then it keeps what it shows (the server's drawing, or 'Loading…').
 */
async function show(on: Board, name: PanelName, state: PanelState): Promise<void> {
  on.states.set(name, state);
  const markup = 'failed' in state ? failedPanelMarkup(state.failed) : panelMarkup(name, state.items, state.items.length > 0 ? undefined : await on.viewer);
  if (board !== on || on.states.get(name) !== state) return;
  const ul = list(name);
  ul.removeAttribute('aria-busy');
  morphInto(ul, markup);
}

function showSettled<T>(on: Board, name: PanelName, found: Settled<T>, items: (value: T) => string[]): Promise<void> {
  return show(on, name, found.ok ? { items: items(found.value) } : { failed: found.detail });
}

/** Reads the first steps again (a live change, a switch): the empty panels' offers follow the new viewer. */
function guide(on: Board, isOrgAdmin: boolean): void {
  const viewer = readGuidance(isOrgAdmin);
  void viewer.then((known) => {
    if (board !== on || known === undefined) return;
    on.viewer = viewer;
    for (const [name, state] of on.states) if ('items' in state && state.items.length === 0) void show(on, name, state);
  });
}

async function showDrafts(on: Board, user: CurrentUser, drafts: DashboardReads['drafts']): Promise<void> {
  const mine = drafts.filter(({ draft }) => draft.orgId === user.org?.id && draft.userId === user.id);
  const items = await Promise.all(
    mine.map(async ({ draft, name }) => {
      const title = await name;
      return title === undefined ? undefined : draftItemMarkup(draft, title, formatDateTime);
    }),
  );
  await show(on, 'drafts', { items: items.filter((i): i is string => i !== undefined) });
}

const ACTION_FAILED: Record<AssignmentAction, string> = { claim: CLAIM_FAILED, unclaim: UNCLAIM_FAILED, complete: COMPLETE_FAILED };

/** Assignments to Claim: its items, and Claim / Unclaim / Complete on them (one listener on the list, for the server's buttons too). */
class AssignmentsPanel {
  private items: Assignment[] = [];

  constructor(
    private readonly on: Board,
    private readonly me: { username: string; isOrgAdmin: boolean },
  ) {}

  show(found: Settled<List<Assignment>>): Promise<void> {
    if (found.ok) this.items = found.value.results;
    showDue(found.ok ? { ok: true, value: { results: this.items } } : found);
    return this.draw(found.ok ? undefined : found.detail);
  }

  private draw(failed?: string): Promise<void> {
    return show(this.on, 'assignments', failed !== undefined ? { failed } : { items: this.items.map((a) => assignmentItemMarkup(a, this.me, formatDateTime)) });
  }

  /** A button of the panel was pressed. */
  press(button: HTMLButtonElement): void {
    const id = button.closest<HTMLElement>('[data-assignment]')?.dataset.assignment;
    const assignment = this.items.find((a) => a.id === id);
    const action = button.dataset.action as AssignmentAction | undefined;
    if (assignment && action && !button.disabled) void this.run(assignment, action, button.parentElement!);
  }

  private async run(a: Assignment, action: AssignmentAction, actions: HTMLElement): Promise<void> {
    for (const b of actions.querySelectorAll('button')) b.disabled = true;
    let focus: { id: string; action: AssignmentAction };
    try {
      const updated = await api.workflow[action](a.kind, a.id);
      if (updated.completed) {
        this.items = this.items.filter((x) => x.id !== a.id);
        showAlert('success', `${a.kind === 'correction' ? 'Corrective action on' : 'Assignment of'} ${a.object_name} marked done.`);
        showDue({ ok: true, value: { results: this.items } });
        void showDone();
        focus = { id: '', action };
      } else {
        this.items = this.items.map((x) => (x.id === a.id ? updated : x));
        showAlert('success', action === 'claim' ? `You claimed ${a.object_name}.` : `You unclaimed ${a.object_name}.`);
        focus = { id: a.id, action: action === 'claim' ? 'unclaim' : 'claim' };
      }
    } catch {
      showAlert('error', ACTION_FAILED[action]);
      for (const b of actions.querySelectorAll('button')) b.disabled = false;
      return;
    }
    await this.draw();
    // The focus stays on the item (its new button), or goes to the panel's heading when it is gone.
    const buttons = [...list('assignments').querySelectorAll<HTMLButtonElement>(`[data-assignment="${focus.id}"] button`)];
    (buttons.find((b) => b.dataset.action === focus.action) ?? buttons[0] ?? document.getElementById('dashboard-assignments-heading'))?.focus();
  }
}

let assignments: AssignmentsPanel | undefined;

function listenToAssignments(): void {
  const ul = list('assignments');
  if (ul.dataset.listening) return;
  ul.dataset.listening = '';
  ul.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (button) assignments?.press(button);
  });
}

const favouriteItems = (found: List<FavouriteEntry>) => found.results.map(favouriteItemMarkup);
const activityItems = (found: NotificationList) => found.results.map((n) => activityItemMarkup(n, formatDateTime));

/** Shows the dashboard's panels as their reads come in; `reads` for another organisation start again. */
export function showDashboardPanels(user: CurrentUser, reads: DashboardReads): void {
  // After an organisation switch the panels show the last one's until their reads are in.
  if (board) for (const name of ['assignments', 'drafts', 'favourites', 'activity'] as const) list(name).setAttribute('aria-busy', 'true');
  // The first board's guidance is the page's first read (after a switch the page data is forgotten: src/client/page-data.ts).
  const on: Board = { viewer: readGuidance(user.is_org_admin, 'firstSteps'), states: new Map() };
  board = on;
  listenToAssignments();
  assignments = new AssignmentsPanel(on, { username: user.username, isOrgAdmin: user.is_org_admin });
  const panel = assignments;
  void showDrafts(on, user, reads.drafts);
  void reads.assignments.then((found) => panel.show(found));
  // Issue #44: Done, after the page's first reads.
  void reads.assignments.then(() => showDone());
  void reads.favourites.then((found) => showSettled(on, 'favourites', found, favouriteItems));
  void reads.activity.then((found) => showSettled(on, 'activity', found, activityItems));
  // Live (issue #32): what the bell hears, these panels show without a reload.
  followLive({
    assignments: () => {
      void settle(api.workflow.assignments()).then((found) => panel.show(found));
      void showDone();
    },
    activity: () => void settle(api.informed.notifications({ limit: RECENT_ACTIVITY_LIMIT })).then((found) => showSettled(on, 'activity', found, activityItems)),
    drafts: () => void showDrafts(on, user, readDashboard().drafts),
    guidance: () => guide(on, user.is_org_admin),
  });
}
