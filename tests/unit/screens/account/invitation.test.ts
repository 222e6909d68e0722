/** Which view the invitation page shows, and the words it uses. */
import { describe, expect, it } from 'vitest';
import { invitationMessage, invitationView } from '../../../../src/screens/account/invitation.ts';
import type { CurrentUser, InvitationPublic } from '../../../../src/shared/api/accounts.ts';

const invitation: InvitationPublic = {
  id: '0190f0f0-0000-7000-8000-000000000001',
  org_id: '0190f0f0-0000-7000-8000-0000000000aa',
  org_name: 'Harbour Works',
  email: 'ann.lee@example.com',
  expiry: '2030-01-01T00:00:00.000Z',
};

function userWith(email: string, orgIds: string[] = []): Pick<CurrentUser, 'email' | 'available_orgs'> {
  return { email, available_orgs: orgIds.map((id) => ({ id, name: id, is_org_admin: false })) };
}

describe('invitationView', () => {
  it('asks the invited user, comparing the addresses ignoring case', () => {
    expect(invitationView(invitation, userWith('ann.lee@example.com'), false)).toBe('question');
    expect(invitationView(invitation, userWith('Ann.Lee@EXAMPLE.com'), false)).toBe('question');
    expect(invitationView({ ...invitation, email: 'ANN.LEE@example.com' }, userWith('ann.lee@example.com'), false)).toBe('question');
  });

  it('tells a signed-in user with another address whom it was sent to', () => {
    expect(invitationView(invitation, userWith('bob@example.com'), false)).toBe('other-user');
  });

  it('a member of the organisation is told so, whatever the address', () => {
    expect(invitationView(invitation, userWith('bob@example.com', [invitation.org_id]), false)).toBe('member');
    expect(invitationView(invitation, userWith('ann.lee@example.com', [invitation.org_id]), false)).toBe('member');
  });

  it('signed out: registered in this tab or not; no invitation: the error', () => {
    expect(invitationView(invitation, null, true)).toBe('registered');
    expect(invitationView(invitation, null, false)).toBe('signed-out');
    expect(invitationView(null, userWith('ann.lee@example.com'), false)).toBe('error');
  });
});

describe('invitationMessage', () => {
  it('names the invited address for another user', () => {
    expect(invitationMessage('other-user', invitation)).toBe(
      'This invitation was sent to ann.lee@example.com. Sign in as that user to accept it.',
    );
    expect(invitationMessage('question', invitation)).toBe('You have been invited to join Harbour Works.');
  });
});
