/**
 * The top bar's notifications bell and its panel (accounts §2 Shared layout, Notifications panel), on
 * every signed-in route with a current organisation. The bell (a disclosure button, named 'Notifications,
 * 3 unread') carries the unread-count badge; it opens the panel (max height 500, scrolls): the newest
 * notifications, a click on one marks it read, reads the list again and follows its link; 'Clear All'
 * marks all read; an empty list shows 'Empty'. Escape (or a click elsewhere) closes it, Escape giving the
 * focus back to the bell. Not a dialog: nothing is behind a modal.
 *
 * When: mounted with the rest of the chrome (src/screens/chrome/signed-in-chrome.ts), the list is read and
 * the live stream opened once the page has painted what it read (`afterPageRead`: the page's own reads go
 * first, the bell is not what the visitor came for; src/client/stores/notifications.ts keeps both).
 */
import type { Notification } from '../../shared/api/notifications.ts';
import { problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { navigate } from '../../client/navigation.ts';
import { afterPageRead, signedInUser } from '../../client/signed-in-user.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { $user } from '../../client/stores/session.ts';
import { badgeText, bellLabel } from './bell-badge.ts';
import { $notifications, loadNotifications, markAllRead, markNotificationsRead, startLiveNotifications } from '../../client/stores/notifications.ts';

export function mountNotificationsBell(): void {
  const area = document.getElementById('bell-area');
  if (!area) return;
  const button = document.getElementById('bell-button') as HTMLButtonElement;
  const badge = document.getElementById('bell-badge')!;
  const list = document.getElementById('bell-list')!;
  const clear = document.getElementById('bell-clear') as HTMLButtonElement;
  const rows = bellRows(list, document.getElementById('bell-empty')!, (n, event) => void choose(n, event));
  const close = wireBellPanel(area, button, rows.load);

  async function choose(n: Notification, event: MouseEvent): Promise<void> {
    // Ctrl/Cmd/middle click opens the item elsewhere: mark it read and stay.
    const elsewhere = event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1;
    const href = (event.currentTarget as HTMLElement).getAttribute('href');
    if (!elsewhere) event.preventDefault();
    try {
      await markNotificationsRead([n.id]);
    } catch (err) {
      showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
    }
    if (href && !elsewhere) {
      close(false);
      navigate(href);
    }
  }

  clear.addEventListener('click', () => {
    markAllRead().catch((err: unknown) => showAlert('error', problemText(err, SOMETHING_WENT_WRONG)));
  });

  $notifications.subscribe((state) => {
    button.setAttribute('aria-label', bellLabel(state.unread));
    badge.hidden = state.unread === 0;
    badge.textContent = badgeText(state.unread);
    list.setAttribute('aria-busy', String(state.status === 'loading'));
    void rows.render(state);
  });
  startWhenInOrganisation(area);
}

/** The bell opens and closes the panel (Escape, Tab out, a click elsewhere); gives the closing. */
function wireBellPanel(area: HTMLElement, button: HTMLButtonElement, onOpen: () => void): (returnFocus: boolean) => void {
  const panel = document.getElementById('bell-panel')!;
  function open(): void {
    onOpen();
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    document.addEventListener('pointerdown', onOutside, true);
    document.addEventListener('keydown', onEscape);
    // Kept current by the live stream while it is open; read again only without it.
    if (!$notifications.get().live) void loadNotifications();
  }
  function close(returnFocus: boolean): void {
    if (panel.hidden) return;
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', onOutside, true);
    document.removeEventListener('keydown', onEscape);
    if (returnFocus) button.focus();
  }
  // Escape closes wherever the focus is (a row re-rendered under it may have dropped it to the page).
  function onEscape(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close(true);
  }
  function onOutside(event: Event): void {
    if (!area.contains(event.target as Node)) close(false);
  }
  button.addEventListener('click', () => (panel.hidden ? open() : close(false)));
  // Tab out of the panel closes it.
  area.addEventListener('focusout', (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null;
    if (next && !area.contains(next)) close(false);
  });
  return close;
}

type NotificationsState = ReturnType<typeof $notifications.get>;

/** The panel's rows: their module loaded when the panel first opens, rebuilt only when what they show changes. */
function bellRows(list: HTMLElement, empty: HTMLElement, choose: (n: Notification, event: MouseEvent) => void) {
  let rows: Promise<typeof import('./notifications-panel.ts')> | undefined;
  let rendered: string | undefined;
  async function render(state: NotificationsState): Promise<void> {
    if (!rows) return;
    const { notificationRow } = await rows;
    // The rows are rebuilt only when what they show has changed (a re-read that brings nothing new leaves them).
    const shown = state.results.map((n) => `${n.id}:${n.read_at ? 1 : 0}:${n.item?.name ?? ''}`).join('|');
    if (shown !== rendered) {
      rendered = shown;
      const focusedId = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.bell-item')?.dataset.id;
      list.replaceChildren(...state.results.map((n) => notificationRow(n, choose)));
      // Re-rendered under the focus: keep it on the same notification.
      if (focusedId) list.querySelector<HTMLElement>(`.bell-item[data-id="${CSS.escape(focusedId)}"]`)?.focus();
    }
    empty.hidden = state.status !== 'ready' || state.results.length > 0;
  }
  function load(): void {
    rows ??= import('./notifications-panel.ts');
    void rows.then(() => render($notifications.get()));
  }
  return { render, load };
}

/**
 * Notifications belong to an organisation: the bell shows once the user has one — at once, or when
 * they create or join their first on the page (issue #32: no reload needed).
 */
function startWhenInOrganisation(area: HTMLElement): void {
  let started = false;
  const start = async () => {
    started = true;
    area.hidden = false;
    await afterPageRead(); // even when a tap on the chrome mounted the bell sooner
    await loadNotifications();
    startLiveNotifications();
  };
  void signedInUser().then(() => {
    $user.subscribe((user) => {
      if (user?.org && !started) void start();
    });
  }, () => undefined);
}
