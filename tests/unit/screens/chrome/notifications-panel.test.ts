/**
 * The notifications panel's pure parts: the bell's accessible name and badge, and where a notification
 * leads (the viewer for a document, the browser for a folder, nowhere once the item cannot be opened).
 */
import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel } from '../../../../src/screens/chrome/bell-badge.ts';
import { notificationHref } from '../../../../src/screens/chrome/notifications-panel.ts';

describe('the bell', () => {
  it("is named with the unread count, or plainly 'Notifications' when there is none", () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('shows the count in its badge, 99+ above 99', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('notificationHref', () => {
  it('leads to the document viewer, the folder browser, or nowhere', () => {
    expect(notificationHref({ item: { kind: 'document', id: 'd1', name: 'D', doctype: 'form' } })).toBe('/documentation/view/d1');
    expect(notificationHref({ item: { kind: 'folder', id: 'f1', name: 'F', doctype: null } })).toBe('/documentation/browse/f1');
    expect(notificationHref({ item: null })).toBeUndefined();
  });
});
