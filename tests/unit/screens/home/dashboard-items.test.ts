import { describe, expect, it } from 'vitest';
import { notificationWords } from '../../../../src/screens/chrome/notification-words.ts';
import { assignmentHref, localDrafts, offeredActions } from '../../../../src/screens/home/dashboard-items.ts';

describe('localDrafts', () => {
  it('reads the filler’s drafts from storage entries, newest first, leaving out other keys and broken ones', () => {
    const drafts = localDrafts([
      ['rb-checklist:draft:o1:u1:d1', JSON.stringify({ answers: {}, savedAt: '2025-01-01T10:00:00.000Z' })],
      ['rb-checklist:draft:o1:u1:d2', JSON.stringify({ answers: {}, savedAt: '2025-01-02T10:00:00.000Z' })],
      ['rb-checklist:draft:-:-:d3', JSON.stringify({ answers: {} })],
      ['rb-checklist:draft:o1:u1:d4', '{broken'],
      ['rb-checklist:sent-at', '2025-01-01'],
      ['token', 'x'],
    ]);
    expect(drafts).toEqual([
      { orgId: 'o1', userId: 'u1', documentId: 'd2', savedAt: '2025-01-02T10:00:00.000Z' },
      { orgId: 'o1', userId: 'u1', documentId: 'd1', savedAt: '2025-01-01T10:00:00.000Z' },
    ]);
  });
});

describe('assignmentHref', () => {
  it('leads a folder to the browser, a document to its viewer, a correction to the submitted row', () => {
    expect(assignmentHref({ kind: 'folder', object_id: 'f', submission_id: null })).toBe('/documentation/browse/f');
    expect(assignmentHref({ kind: 'document', object_id: 'd', submission_id: null })).toBe('/documentation/view/d');
    expect(assignmentHref({ kind: 'correction', object_id: 'd', submission_id: 'r' })).toBe('/documentation/view/d/r');
  });
});

describe('offeredActions', () => {
  const me = { username: 'ann', isOrgAdmin: false };
  it('offers Claim while unclaimed, Unclaim to the claimer (and admins), Complete for a claimed correction', () => {
    expect(offeredActions({ kind: 'document', claimed: false, claimed_by_username: null, completed: false }, me)).toEqual(['claim']);
    expect(offeredActions({ kind: 'document', claimed: true, claimed_by_username: 'ann', completed: false }, me)).toEqual(['unclaim']);
    expect(offeredActions({ kind: 'correction', claimed: true, claimed_by_username: 'ann', completed: false }, me)).toEqual(['unclaim', 'complete']);
    expect(offeredActions({ kind: 'correction', claimed: true, claimed_by_username: 'bob', completed: false }, me)).toEqual([]);
    expect(offeredActions({ kind: 'folder', claimed: true, claimed_by_username: 'bob', completed: false }, { ...me, isOrgAdmin: true })).toEqual(['unclaim']);
    expect(offeredActions({ kind: 'correction', claimed: true, claimed_by_username: 'ann', completed: true }, me)).toEqual([]);
  });
});

describe('notificationWords', () => {
  it('says who did what to which item', () => {
    expect(notificationWords({ activity_type: 'DocumentCreated', username: 'bob', context_data: {}, item: { kind: 'document', id: 'd', name: 'Gate', doctype: 'form' } })).toEqual({
      who: 'bob',
      what: 'created',
      name: 'Gate',
    });
    expect(notificationWords({ activity_type: 'DataSubmitted', username: null, context_data: { sheet_name: 'Gate', validation_errors: 2 }, item: null })).toEqual({
      who: 'A former member',
      what: 'submitted (2 invalid)',
      name: 'Gate',
    });
  });
});
