import { describe, expect, it } from 'vitest';
import { activityText, describeActivity, FORMER_MEMBER } from '../../../../../islands/admin/activity-log/activity-wording.ts';
import type { ActivityEntry, ActivityTarget, ActivityType } from '../../../../../src/shared/api/activity.ts';

const ANN: ActivityTarget = { kind: 'user', id: 'u-ann', name: 'ann', state: 'live' };
const FOLDER: ActivityTarget = { kind: 'folder', id: 'f-1', name: 'Plant', state: 'live', folder_id: 'f-root' };

function entry(type: ActivityType, over: Partial<ActivityEntry> = {}): ActivityEntry {
  return { id: 'e1', activity_type: type, activity_time: '2026-01-02T03:04:05Z', username: 'ann', actor: ANN, target: null, folder: null, context_data: {}, ...over };
}
const doc = (state: 'live' | 'trashed' | 'gone', doctype: 'form' | 'presentation' | null = 'form'): Extract<ActivityTarget, { kind: 'document' }> => ({
  kind: 'document',
  id: 'd-1',
  name: 'Daily check',
  doctype,
  state,
  folder_id: 'f-1',
});
const links = (e: ActivityEntry) => describeActivity(e).filter((p) => typeof p !== 'string');

describe('describeActivity', () => {
  it('an assignment (issue #32) names its assignee; a QR label sheet names its folder', () => {
    const e = entry('DocumentAssigned', { target: doc('live'), context_data: { name: 'Daily check', assigned_to: { type: 'role', id: 'r-1', name: 'Inspectors' } } });
    expect(activityText(e)).toBe('ann assigned the checklist Daily check to Inspectors.');
    expect(activityText(entry('FolderLabelsPrinted', { target: FOLDER, context_data: { name: 'Plant', labels: 3 } }))).toBe('ann made the QR label sheet of the folder Plant.');
  });

  it("RoleCreated: '{username} created the role {name}', the actor and the role linking to their admin pages", () => {
    const e = entry('RoleCreated', { target: { kind: 'role', id: 'r-1', name: 'Auditors', state: 'live' } });
    expect(activityText(e)).toBe('ann created the role Auditors.');
    expect(links(e)).toEqual([
      { text: 'ann', href: '/admin/users/u-ann' },
      { text: 'Auditors', href: '/admin/roles/r-1' },
    ]);
  });

  it('a role or user that is gone is plain text', () => {
    const e = entry('RoleDeleted', { target: { kind: 'role', id: 'r-1', name: 'Auditors', state: 'gone' } });
    expect(activityText(e)).toBe('ann deleted the role Auditors.');
    expect(links(e)).toEqual([{ text: 'ann', href: '/admin/users/u-ann' }]);
    const u = entry('UserDeleted', { target: { kind: 'user', id: 'u-bob', name: 'bob', state: 'gone' } });
    expect(activityText(u)).toBe('ann removed the user bob from the organization.');
    expect(links(u)).toHaveLength(1);
  });

  it('a live user links to /admin/users/{id}', () => {
    const e = entry('UserCreated', { target: { kind: 'user', id: 'u-bob', name: 'bob', state: 'live' } });
    expect(activityText(e)).toBe('ann created the user bob.');
    expect(links(e)[1]).toEqual({ text: 'bob', href: '/admin/users/u-bob' });
  });

  it('a renamed role says what it was called', () => {
    const e = entry('RoleUpdated', { target: { kind: 'role', id: 'r-1', name: 'Auditors', state: 'live' }, context_data: { previous_name: 'Checkers' } });
    expect(activityText(e)).toBe('ann updated the role Auditors (formerly Checkers).');
  });

  it('a live document links to its view page, and DocumentUpdated to its history too', () => {
    const e = entry('DocumentUpdated', { target: doc('live') });
    expect(activityText(e)).toBe('ann updated the checklist Daily check. History');
    expect(links(e)).toEqual([
      { text: 'ann', href: '/admin/users/u-ann' },
      { text: 'Daily check', href: '/documentation/view/d-1' },
      { text: 'History', href: '/documentation/d-1/history', label: 'History of Daily check' },
    ]);
  });

  it('DataSubmitted links to the checklist and its results (issue #45) and counts validation errors', () => {
    const e = entry('DataSubmitted', { target: doc('live'), folder: FOLDER, context_data: { sheet_name: 'Daily check', validation_errors: 2 } });
    expect(activityText(e)).toBe('ann submitted the checklist Daily check with 2 validation errors. Results');
    expect(links(e).map((l) => l.href)).toEqual(['/admin/users/u-ann', '/documentation/view/d-1', '/documentation/results/d-1']);
    expect(links(e).at(-1)).toEqual({ text: 'Results', href: '/documentation/results/d-1', label: 'Results of Daily check' });
    expect(activityText(entry('DataSubmitted', { target: doc('live'), context_data: { validation_errors: 1 } }))).toContain('with 1 validation error.');
    expect(activityText(entry('DataSubmitted', { target: doc('live'), context_data: { validation_errors: 0 } }))).toBe('ann submitted the checklist Daily check. Results');
  });

  it('a trashed document links to the trash of the folder it was deleted from, with no history link', () => {
    const e = entry('DocumentDeleted', { target: { ...doc('trashed', 'presentation'), folder_id: 'f-9' }, folder: FOLDER });
    expect(activityText(e)).toBe('ann deleted the presentation Daily check from Plant.');
    expect(links(e)).toEqual([
      { text: 'ann', href: '/admin/users/u-ann' },
      { text: 'Daily check', href: '/documentation/trash/f-9' },
      { text: 'Plant', href: '/documentation/browse/f-1' },
    ]);
    expect(activityText(entry('DocumentUpdated', { target: doc('trashed') }))).not.toContain('History');
  });

  it('a document that is gone is plain text, with no history link', () => {
    const e = entry('DocumentUpdated', { target: doc('gone') });
    expect(links(e)).toHaveLength(1);
    expect(activityText(e)).toBe('ann updated the checklist Daily check.');
  });

  it('folders: a live one links to the browser, where it was created or moved is said and linked', () => {
    const created = entry('FolderCreated', { target: { kind: 'folder', id: 'f-2', name: 'Pumps', state: 'live', folder_id: 'f-1' }, folder: FOLDER });
    expect(activityText(created)).toBe('ann created the folder Pumps in Plant.');
    expect(links(created).map((l) => l.href)).toEqual(['/admin/users/u-ann', '/documentation/browse/f-2', '/documentation/browse/f-1']);
    const moved = entry('FolderMoved', { target: { kind: 'folder', id: 'f-2', name: 'Pumps', state: 'trashed', folder_id: 'f-1' }, folder: FOLDER });
    expect(activityText(moved)).toBe('ann moved the folder Pumps to Plant.');
    expect(links(moved)[1]).toEqual({ text: 'Pumps', href: '/documentation/trash/f-1' });
    const acl = entry('FolderACLUpdated', { target: { kind: 'folder', id: 'f-2', name: 'Pumps', state: 'gone', folder_id: null } });
    expect(activityText(acl)).toBe('ann changed the permissions of the folder Pumps.');
  });

  it('an account that is gone reads as a former member, with no link', () => {
    const e = entry('RoleCreated', { username: null, actor: null, target: { kind: 'role', id: 'r-1', name: 'Auditors', state: 'live' } });
    expect(activityText(e)).toBe(`${FORMER_MEMBER} created the role Auditors.`);
    expect(describeActivity(e)[0]).toBe(FORMER_MEMBER);
  });

  it('a member who left is named without a link', () => {
    const e = entry('RoleCreated', { actor: { ...ANN, state: 'gone' }, target: { kind: 'role', id: 'r-1', name: 'Auditors', state: 'live' } });
    expect(describeActivity(e)[0]).toBe('ann');
  });

  it('an event that names nothing any more still reads as a sentence from its recorded name', () => {
    expect(activityText(entry('RoleDeleted', { context_data: { name: 'Auditors' } }))).toBe('ann deleted the role Auditors.');
  });

  it('every type of the contract has its wording (no raw type names)', () => {
    const types: ActivityType[] = [
      'FolderCreated', 'FolderUpdated', 'FolderDeleted', 'FolderRestored', 'FolderMoved', 'FolderCopied', 'FolderACLUpdated',
      'DocumentCreated', 'DocumentUpdated', 'DocumentDeleted', 'DocumentRestored', 'DocumentMoved', 'DocumentCopied', 'DocumentACLUpdated',
      'DataSubmitted', 'UserCreated', 'UserUpdated', 'UserDeleted', 'RoleCreated', 'RoleUpdated', 'RoleDeleted',
    ];
    for (const type of types) expect(activityText(entry(type, { context_data: { name: 'X' } }))).not.toContain(type);
  });
});

describe('who came and went (issue #32)', () => {
  it('an invitation sent names the address; accepted and declined are said by the invitee', () => {
    expect(activityText(entry('InvitationSent', { context_data: { email: 'bo@x.test' } }))).toBe('ann invited bo@x.test to the organization.');
    const bo: ActivityTarget = { kind: 'user', id: 'u-bo', name: 'bo', state: 'live' };
    const accepted = entry('InvitationAccepted', { username: 'bo', actor: bo, target: bo, context_data: { email: 'bo@x.test' } });
    expect(activityText(accepted)).toBe('bo accepted an invitation and joined the organization.');
    expect(links(accepted)).toEqual([{ text: 'bo', href: '/admin/users/u-bo' }]);
    const declined = entry('InvitationDeclined', { username: 'cy', actor: { kind: 'user', id: 'u-cy', name: 'cy', state: 'gone' }, context_data: { email: 'cy@x.test' } });
    expect(activityText(declined)).toBe('cy declined an invitation to the organization.');
  });
});

describe('personal API tokens (issue #34)', () => {
  const context = (userId: string, username: string) => ({ token_id: 't1', token_name: 'Nightly export', scope: 'read', user_id: userId, username });
  it('made, first used and revoked by its owner', () => {
    const own = context(ANN.id, 'ann');
    const target: ActivityTarget = { kind: 'user', id: ANN.id, name: 'ann', state: 'live' };
    expect(activityText(entry('ApiTokenCreated', { target, context_data: own }))).toBe('ann created the API token “Nightly export”.');
    expect(activityText(entry('ApiTokenUsed', { target, context_data: own }))).toBe('ann’s API token “Nightly export” was used for the first time.');
    expect(activityText(entry('ApiTokenRevoked', { target, context_data: own }))).toBe('ann revoked the API token “Nightly export”.');
  });

  it("revoked by an admin: names the token's owner", () => {
    const target: ActivityTarget = { kind: 'user', id: 'u-bo', name: 'bo', state: 'live' };
    expect(activityText(entry('ApiTokenRevoked', { target, context_data: context('u-bo', 'bo') }))).toBe('ann revoked bo’s API token “Nightly export”.');
    expect(activityText(entry('ApiTokenRevoked', { target: null, context_data: context('u-bo', 'bo') }))).toBe('ann revoked bo’s API token “Nightly export”.');
  });
});
