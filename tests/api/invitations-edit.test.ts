/** PUT auth/org-invites/{id} (address, expiry, roles, resend_email) and DELETE auth/org-invites/{id} (cancel). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../../src/server/db/schema.ts';
import { createRole, invite, linkIn, memberOf, newRegistration, orgWithAdmin, registerAndActivate, shared, uniqueName } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();
const team = shared(() => orgWithAdmin(server));
const newEmail = () => `${uniqueName('inv')}@example.com`;
const DAY = 24 * 3600 * 1000;
const MISSING_ID = '0190f0f0-0000-7000-8000-000000000000';
const NOT_FOUND = { detail: 'Invitation not found' };

describe('PUT auth/org-invites/{id}', () => {
  it('changes roles and expiry without mailing; answers the invitation as GET auth/org-invites lists it', async () => {
    const { admin } = await team();
    const role = await createRole(server, admin, 'Welder');
    const email = newEmail();
    const { id } = await invite(server, admin, email);
    const expiry = new Date(Date.now() + 20 * DAY).toISOString();
    const res = await admin.api.put(`auth/org-invites/${id}`, { roles: [role.id], expiry });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id, email, roles: [{ id: role.id, name: 'Welder' }], created_at: expect.any(String), expiry });
    expect((await admin.api.get('auth/org-invites')).body.results).toContainEqual(res.body);
    expect(await server.outbox.to(email)).toHaveLength(1);
    // The invitee gets the roles on accepting.
    const invitee = await registerAndActivate(server, { email });
    expect((await invitee.api.post(`auth/invite/${id}`, true)).body.roles).toEqual([{ id: role.id, name: 'Welder' }]);
  });

  it('a new address gets the link (the old one no longer may accept); resend_email mails it again', async () => {
    const { admin } = await team();
    const oldEmail = newEmail();
    const { id } = await invite(server, admin, oldEmail);
    const registration = newRegistration();
    const res = await admin.api.put(`auth/org-invites/${id}`, { email: registration.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(registration.email);
    const mail = await server.outbox.last(registration.email);
    expect(linkIn(mail, `/invitation/${id}`)).toBeTruthy();
    expect((await admin.api.put(`auth/org-invites/${id}`, { resend_email: true })).status).toBe(200);
    expect(await server.outbox.to(registration.email)).toHaveLength(2);
    const old = await registerAndActivate(server, { email: oldEmail });
    expect((await old.api.post(`auth/invite/${id}`, true)).status).toBe(403);
    const invitee = await registerAndActivate(server, registration);
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(200);
  });

  it('the resent mail gives the invitation’s own expiry, not a fixed 7 days', async () => {
    const { admin } = await team();
    const email = newEmail();
    const { id } = await invite(server, admin, email);
    expect((await server.outbox.last(email)).text).toMatch(/valid until \d{1,2} \w+ \d{4}/);
    const expiry = new Date(Date.now() + 20 * DAY);
    expect((await admin.api.put(`auth/org-invites/${id}`, { expiry: expiry.toISOString(), resend_email: true })).status).toBe(200);
    const mail = await server.outbox.last(email);
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(expiry);
    expect(mail.text).toContain(`valid until ${day}`);
    expect(mail.text).not.toContain('7 days');
    expect(mail.html).toContain(`valid until ${day}`);
  });

  it('refuses the address of a member or of another pending invitation (409)', async () => {
    const { admin } = await team();
    const { id } = await invite(server, admin, newEmail());
    const other = newEmail();
    await invite(server, admin, other);
    expect(await admin.api.put(`auth/org-invites/${id}`, { email: other })).toMatchObject({ status: 409, body: { detail: `An invitation to ${other} is already pending` } });
    const member = await memberOf(server, admin);
    expect((await admin.api.put(`auth/org-invites/${id}`, { email: member.email })).status).toBe(409);
  });

  it.each([
    [{ expiry: 'tomorrow' }, 'Expiry must be a date and time'],
    [{ expiry: new Date(Date.now() - 1000).toISOString() }, 'Expiry must be in the future'],
    [{ expiry: new Date(Date.now() + 31 * DAY).toISOString() }, 'Expiry must be at most 30 days from now'],
    [{ email: 'nope' }, 'Invalid Email'],
    [{ roles: ['x'] }, 'roles.0'],
    [{ roles: [MISSING_ID] }, 'roles.0: is not a role of this organization'],
    [{ resend_email: 'yes' }, 'resend_email'],
    [{ status: 'accepted' }, 'status'],
    [{ org_id: MISSING_ID }, 'org_id'],
  ])('refuses %o with 422 (%s) and changes nothing', async (body, words) => {
    const { admin } = await team();
    const { id } = await invite(server, admin, newEmail());
    const [before] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    const res = await admin.api.put(`auth/org-invites/${id}`, body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toContain(words);
    expect(await server.db.select().from(invitations).where(eq(invitations.id, id))).toEqual([before]);
  });

  it.each([
    [new Date(Date.now() - 1000), 'Expiry must be in the future'],
    [new Date(Date.now() + 31 * DAY), 'Expiry must be at most 30 days from now'],
  ])('a refused expiry (%s) is told in the sentence alone, without the field\'s name in front (issue #32)', async (at, words) => {
    const { admin } = await team();
    const { id } = await invite(server, admin, newEmail());
    const res = await admin.api.put(`auth/org-invites/${id}`, { expiry: at.toISOString() });
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toBe(words);
    expect(res.body.errors).toEqual([{ field: 'expiry', message: words }]);
  });

  it('malformed JSON 400; unknown, malformed, other organisations’ ids 404; answered ones 409', async () => {
    const { admin } = await team();
    const { id } = await invite(server, admin, newEmail());
    const bad = await admin.api.request('PUT', `auth/org-invites/${id}`, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const other = await orgWithAdmin(server);
    const theirs = await invite(server, other.admin, newEmail());
    for (const target of [MISSING_ID, 'nope', theirs.id]) {
      expect(await admin.api.put(`auth/org-invites/${target}`, { resend_email: true })).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await admin.api.delete(`auth/org-invites/${target}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    }
    expect((await other.admin.api.get('auth/org-invites')).body.total).toBe(1);
    expect((await admin.api.delete(`auth/org-invites/${id}`)).status).toBe(204);
    expect(await admin.api.put(`auth/org-invites/${id}`, { resend_email: true })).toMatchObject({ status: 409, body: { detail: 'This invitation has been cancelled' } });
    expect((await admin.api.delete(`auth/org-invites/${id}`)).status).toBe(409);
  });
});

describe('DELETE auth/org-invites/{id}', () => {
  it('cancels: the invitation leaves the list and its link stops working', async () => {
    const { admin } = await team();
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    const res = await admin.api.delete(`auth/org-invites/${id}`);
    expect(res.status).toBe(204);
    expect((await admin.api.get('auth/org-invites')).body.results.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await server.client().get(`auth/invite/${id}`)).body).toMatchObject({ detail: 'This invitation has been cancelled' });
    const invitee = await registerAndActivate(server, registration);
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(400);
  });
});
