import { describe, expect, it } from 'vitest';
import { panelsToRead } from '../../../../src/screens/home/dashboard-live.ts';
import type { Notification } from '../../../../src/shared/api/notifications.ts';

const news = (activity_type: Notification['activity_type']) => ({ kind: 'notification' as const, notification: { activity_type } as Notification });

describe('panelsToRead', () => {
  it('reads Recent Activity on every notification, and the panels each kind may change', () => {
    expect(panelsToRead(news('DocumentAssigned'))).toEqual(expect.arrayContaining(['activity', 'assignments', 'drafts']));
    expect(panelsToRead(news('FolderAssigned'))).toEqual(['activity', 'assignments']);
    expect(panelsToRead(news('DocumentUpdated'))).toEqual(['activity', 'drafts']);
    expect(panelsToRead(news('FolderCreated'))).toEqual(['activity', 'guidance']);
    expect(panelsToRead({ kind: 'resync' })).toEqual(['activity', 'assignments', 'drafts', 'guidance']);
  });
});
