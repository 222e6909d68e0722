/**
 * The notifications panel's rows (accounts §2 Notifications panel): who, what (the one wording of
 * notifications, src/shared/notification-words.ts — the dashboard's Recent Activity
 * says the same), the item's name, when; unread ones marked. A row with an item to open is a link to it
 * (the viewer, or the browser for a folder); one whose item is gone or no longer readable is a button
 * that only marks it read. Pure DOM building: the bell module wires the clicks, and loads this module
 * when the panel is first opened (the rows are not what a page is opened for).
 */
import type { Notification } from '../../shared/api/notifications.ts';
import { itemPath } from '../../shared/page-addresses.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { notificationWords } from '../../shared/notification-words.ts';

/** Where a notification leads: its item, while the member may open it. */
export function notificationHref(n: Pick<Notification, 'item'>): string | undefined {
  return n.item ? itemPath(n.item) : undefined;
}

/** One row of the panel: an <li> holding a link (or a button when there is nothing to open). */
export function notificationRow(n: Notification, onChoose: (n: Notification, event: MouseEvent) => void): HTMLLIElement {
  const li = document.createElement('li');
  const href = notificationHref(n);
  const target = href ? document.createElement('a') : document.createElement('button');
  if (target instanceof HTMLAnchorElement) target.href = href!;
  else target.type = 'button';
  target.className = n.read_at === null ? 'bell-item unread' : 'bell-item';
  target.dataset.id = n.id;

  const { who, what, name } = notificationWords(n);
  const text = document.createElement('span');
  text.className = 'bell-item-text';
  if (n.read_at === null) {
    const marker = document.createElement('span');
    marker.className = 'visually-hidden';
    marker.textContent = 'Unread: ';
    text.append(marker);
  }
  const whoEl = document.createElement('strong');
  whoEl.textContent = who;
  text.append(whoEl, ` ${what}`);
  if (name) {
    const nameEl = document.createElement('span');
    nameEl.className = 'bell-item-name';
    nameEl.textContent = name;
    text.append(' ', nameEl);
  }
  const when = timeElement(n.activity_time, formatDateTime(n.activity_time));
  when.className = 'bell-item-time';
  target.append(text, when);
  target.addEventListener('click', (event) => onChoose(n, event as MouseEvent));
  li.append(target);
  return li;
}
