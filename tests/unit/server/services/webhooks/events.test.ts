/** Which webhook events an activity event is (issue #34; docs/webhooks.md "Events"), and the body sent. */
import { describe, expect, it } from 'vitest';
import { webhookPayload, webhookTypesOf } from '../../../../../src/server/services/webhooks/events.ts';

describe('webhookTypesOf', () => {
  it.each([
    ['DataSubmitted', { validation_errors: 0 }, ['checklist.submitted']],
    ['DataSubmitted', { validation_errors: 2 }, ['checklist.submitted', 'checklist.validation_failed']],
    ['DocumentCreated', {}, ['document.published']],
    ['DocumentUpdated', {}, ['document.published']],
    ['DocumentAssigned', {}, ['assignment.created']],
    ['FolderAssigned', {}, ['assignment.created']],
    ['AssignmentClaimed', {}, ['assignment.claimed']],
    ['AssignmentCompleted', {}, ['assignment.completed']],
    ['UserCreated', {}, ['member.joined']],
    ['InvitationAccepted', {}, ['member.joined']],
    ['UserDeleted', {}, ['member.left']],
    ['FolderCreated', {}, []],
    ['DocumentDeleted', {}, []],
    ['RoleCreated', {}, []],
    ['InvitationSent', {}, []],
  ])('%s %j → %j', (type, context, expected) => {
    expect(webhookTypesOf({ type, context })).toEqual(expected);
  });
});

describe('webhookPayload', () => {
  it('is {type, timestamp, data}: the event record with the ids of the organisation, the actor and the item', () => {
    const at = new Date('2026-11-29T18:00:00.000Z');
    expect(
      webhookPayload('document.published', {
        id: 'e1',
        type: 'DocumentCreated',
        orgId: 'o1',
        actorId: 'u1',
        at,
        documentId: 'd1',
        folderId: 'f1',
        context: { name: 'Daily check', doctype: 'form' },
      }),
    ).toEqual({
      type: 'document.published',
      timestamp: '2026-11-29T18:00:00.000Z',
      data: { event_id: 'e1', organization_id: 'o1', actor_id: 'u1', document_id: 'd1', folder_id: 'f1', name: 'Daily check', doctype: 'form' },
    });
  });
});
