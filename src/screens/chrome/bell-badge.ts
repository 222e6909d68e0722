/** What the notifications bell says of the unread count (accounts §2 Notifications panel). Pure. */

/** The bell's accessible name: 'Notifications', or 'Notifications, 3 unread'. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge's text: the count, '99+' above 99. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
