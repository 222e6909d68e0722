import { describe, expect, it } from 'vitest';
import { notificationWords } from '../../../src/shared/notification-words.ts';

describe('notificationWords', () => {
  it('says a move without naming the folders, whether or not the reader may see them (issue #28: null when not)', () => {
    const item = { kind: 'document' as const, id: 'd', name: 'Gate', doctype: 'form' as const };
    const hidden = { name: 'Gate', from_folder_id: null, from_folder_name: null, to_folder_id: 't', to_folder_name: 'Site B' };
    expect(notificationWords({ activity_type: 'DocumentMoved', username: 'bob', context_data: hidden, item })).toEqual({ who: 'bob', what: 'moved', name: 'Gate' });
    // In the trash (no item to open): the name comes from the context, never from a hidden folder's null.
    expect(notificationWords({ activity_type: 'DocumentMoved', username: 'bob', context_data: hidden, item: null }).name).toBe('Gate');
    expect(notificationWords({ activity_type: 'FolderMoved', username: 'bob', context_data: { folder_name: null }, item: null }).name).toBe('');
  });

  it('says an assignment to its assignee (issue #32): you, or the role or organization it was handed to', () => {
    const item = { kind: 'document' as const, id: 'd', name: 'Fire drill', doctype: 'form' as const };
    const to = (type: string, name: string) => ({ name: 'Fire drill', assigned_to: { type, id: 'x', name } });
    expect(notificationWords({ activity_type: 'DocumentAssigned', username: 'ann', context_data: to('user', 'bob'), item })).toEqual({ who: 'ann', what: 'assigned you:', name: 'Fire drill' });
    expect(notificationWords({ activity_type: 'FolderAssigned', username: 'ann', context_data: to('role', 'Inspectors'), item }).what).toBe('assigned Inspectors:');
  });
});

describe('notificationWords, said plainly', () => {
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
