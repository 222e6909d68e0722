/**
 * The activity log records who came and went (issue #32): an invitation sent, accepted (the invitee
 * joining) or declined, and a member removed (leaving) — each in GET activity with its actor and what it
 * is about.
 */
import { describe, expect, it } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { invite, newRegistration, orgWithAdmin, registerAndActivate } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

interface Entry {
  activity_type: string;
  username: string | null;
  target: { kind: string; id: string; name: string } | null;
  context_data: Record<string, unknown>;
}

describe('GET activity: invitations and membership', () => {
  it('records an invitation sent, one accepted (a member joining), one declined, and a member removed', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const joining = newRegistration();
    const declining = newRegistration();
    const sent = await invite(server, admin, joining.email);
    const refused = await invite(server, admin, declining.email);

    const joiner = await registerAndActivate(server, joining);
    expect((await joiner.api.post(paths.auth.invite(sent.id), true)).status).toBe(200);
    const decliner = await registerAndActivate(server, declining);
    expect((await decliner.api.post(paths.auth.invite(refused.id), false)).status).toBe(200);
    // The member leaves: an admin removes them.
    expect((await admin.api.delete(`users/${joiner.id}`)).status).toBeLessThan(300);

    const res = await admin.api.get('activity?limit=50');
    expect(res.status, res.text).toBe(200);
    const entries = (res.body.results as Entry[]).slice().reverse();
    const mine = entries.filter((e) => ['InvitationSent', 'InvitationAccepted', 'InvitationDeclined', 'UserDeleted'].includes(e.activity_type));
    expect(mine.map((e) => [e.activity_type, e.username])).toEqual([
      ['InvitationSent', admin.username],
      ['InvitationSent', admin.username],
      ['InvitationAccepted', joiner.username],
      ['InvitationDeclined', decliner.username],
      ['UserDeleted', admin.username],
    ]);
    expect(mine[0]!.context_data).toMatchObject({ invitation_id: sent.id, email: joining.email });
    expect(mine[2]!.context_data).toMatchObject({ invitation_id: sent.id, email: joining.email, user_id: joiner.id, username: joiner.username });
    expect(mine[2]!.target).toMatchObject({ kind: 'user', id: joiner.id });
    expect(mine[3]!.context_data).toMatchObject({ invitation_id: refused.id, email: declining.email });
    expect(mine[4]!.target).toMatchObject({ kind: 'user', id: joiner.id });
    // Another organisation's log shows none of it.
    const other = await orgWithAdmin(server);
    const theirs = (await other.admin.api.get('activity?limit=50')).body.results as Entry[];
    expect(theirs.some((e) => e.activity_type.startsWith('Invitation'))).toBe(false);
    expect(org.id).toBeTruthy();
  });
});
