/**
 * Invitations: POST users {email, roles} (org admins), GET auth/org-invites, GET auth/invites,
 * GET auth/invite/{id} (public) and POST auth/invite/{id} (true accepts, false declines).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, memberships, userRoles } from '../../src/server/db/schema.ts';
import {
  createOrg,
  createRole,
  invite,
  memberOf,
  newRegistration,
  orgWithAdmin,
  registerAndActivate,
  shared,
  uniqueName,
} from './support/factories.ts';
import { PUBLIC_URL, useTestServer } from './support/harness.ts';

const server = useTestServer();
const someAdmin = shared(() => orgWithAdmin(server));
const DAY = 24 * 60 * 60 * 1000;
const newEmail = () => `${uniqueName('invitee')}@example.com`;

describe('POST users {email, roles}', () => {
  it('invites the address for 7 days with the roles chosen, and e-mails {PUBLIC_URL}/invitation/{id}', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, org.id, 'Inspector');
    const email = newEmail();
    const res = await admin.api.post('users', { email: email.toUpperCase(), roles: [role.id] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      roles: [{ id: role.id, name: 'Inspector' }],
      created_at: expect.any(String),
      expiry: expect.any(String),
    });
    expect(Date.parse(res.body.expiry) - Date.parse(res.body.created_at)).toBe(7 * DAY);
    const mail = await server.outbox.last(email);
    expect(mail.subject).toBe(`You have been invited to join ${org.name} on Ringbinder`);
    expect(mail.links).toContain(`${PUBLIC_URL}/invitation/${res.body.id}`);
    expect(mail.text).toContain(admin.full_name);
    expect(mail.html).toContain(`${PUBLIC_URL}/invitation/${res.body.id}`);
  });

  it('roles may be left out', async () => {
    const { admin } = await orgWithAdmin(server);
    const res = await admin.api.post('users', { email: newEmail() });
    expect(res.status).toBe(201);
    expect(res.body.roles).toEqual([]);
  });

  it('is for org admins only: a member gets 403', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const res = await member.api.post('users', { email: newEmail(), roles: [] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'Only organization admins can do this' });
  });

  it("answers 422 naming the field for roles of another organisation or unknown roles, and invites nobody", async () => {
    const { org: otherOrg } = await orgWithAdmin(server);
    const foreign = await createRole(server, otherOrg.id);
    const { admin, org } = await orgWithAdmin(server);
    const own = await createRole(server, org.id);
    const email = newEmail();
    for (const [roles, field] of [
      [[foreign.id], 'roles.0'],
      [[own.id, foreign.id], 'roles.1'],
      [['0190f0f0-0000-7000-8000-000000000000'], 'roles.0'],
    ] as const) {
      const res = await admin.api.post('users', { email, roles });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(`${field}: is not a role of this organization`);
    }
    expect((await admin.api.get('auth/org-invites')).body.total).toBe(0);
    expect(await server.outbox.to(email)).toEqual([]);
  });

  it('refuses a second pending invitation and inviting a member', async () => {
    const { admin } = await orgWithAdmin(server);
    const email = newEmail();
    await invite(server, admin, email);
    const again = await admin.api.post('users', { email, roles: [] });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ detail: `An invitation to ${email} is already pending` });
    const member = await memberOf(server, admin);
    const res = await admin.api.post('users', { email: member.email.toUpperCase(), roles: [] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: `${member.email} is already a member of this organization` });
  });

  it.each([
    [{}, 'email: Field required'],
    [{ email: 'nope' }, 'Invalid Email'],
    [{ email: 'a@b.co', roles: 'admin' }, undefined],
    [{ email: 'a@b.co', roles: ['admin'] }, 'roles.0: must be a valid id'],
    [['a@b.co'], undefined],
    ['a@b.co', undefined],
  ])('refuses %j with 422', async (body, detail) => {
    const { admin } = await someAdmin();
    const res = await admin.api.post('users', body);
    expect(res.status).toBe(422);
    if (detail) expect(res.body.detail).toBe(detail);
    else expect(typeof res.body.detail).toBe('string');
  });

  it('needs a signed-in caller', async () => {
    expect((await server.client().post('users', { email: newEmail(), roles: [] })).status).toBe(401);
  });
});

describe('GET auth/org-invites', () => {
  it("lists the current organisation's pending invitations, oldest first", async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, org.id);
    const first = await invite(server, admin, newEmail(), [role.id]);
    const second = await invite(server, admin, newEmail());
    const { admin: otherAdmin } = await orgWithAdmin(server);
    await invite(server, otherAdmin, newEmail());
    const res = await admin.api.get('auth/org-invites');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [first.invitation, second.invitation], total: 2 });
    expect(res.body.results[0].roles).toEqual([{ id: role.id, name: role.name }]);
  });

  it('drops answered invitations from the list', async () => {
    const { admin } = await orgWithAdmin(server);
    await memberOf(server, admin);
    expect((await admin.api.get('auth/org-invites')).body).toEqual({ results: [], total: 0 });
  });

  it('is for org admins only', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const res = await member.api.get('auth/org-invites');
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Only organization admins can do this');
  });
});

describe('GET auth/invites', () => {
  it("lists the caller's open invitations with the organisation names; auth/me carries them too", async () => {
    const { admin, org } = await orgWithAdmin(server);
    const registration = newRegistration();
    const open = await invite(server, admin, registration.email);
    await createOrg(admin); // now current: the next invitation comes from there
    const expired = await invite(server, admin, registration.email);
    await server.db.update(invitations).set({ expiry: new Date(Date.now() - 1000) }).where(eq(invitations.id, expired.id));
    await invite(server, admin, newEmail()); // someone else's
    const user = await registerAndActivate(server, registration);
    const res = await user.api.get('auth/invites');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [{ id: open.id, org_id: org.id, org_name: org.name, expiry: open.invitation.expiry }],
      total: 1,
    });
    expect((await user.api.get('auth/me')).body.invitations).toEqual(res.body.results);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.client().get('auth/invites')).status).toBe(401);
  });
});

describe('GET auth/invite/{id} (public)', () => {
  it('answers the organisation name and the invited address without signing in', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const email = newEmail();
    const { id, invitation } = await invite(server, admin, email);
    const res = await server.client().get(`auth/invite/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, org_id: org.id, org_name: org.name, email, expiry: invitation.expiry });
  });

  it('names the invited address as it was stored (lower case), whoever asks', async () => {
    const { admin } = await orgWithAdmin(server);
    const email = newEmail();
    const { id } = await invite(server, admin, email.toUpperCase());
    const stranger = await registerAndActivate(server);
    for (const client of [server.client(), stranger.api, admin.api]) {
      const res = await client.get(`auth/invite/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
    }
  });

  it('refuses expired, cancelled and declined invitations; an accepted one still shows its organisation', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const expired = await invite(server, admin, newEmail());
    await server.clock.shifted(7 * DAY + 1000, async () => {
      const res = await server.client().get(`auth/invite/${expired.id}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: 'This invitation has expired' });
    });
    const cancelled = await invite(server, admin, newEmail());
    await server.db.update(invitations).set({ status: 'cancelled' }).where(eq(invitations.id, cancelled.id));
    expect((await server.client().get(`auth/invite/${cancelled.id}`)).body).toMatchObject({ detail: 'This invitation has been cancelled' });

    const registration = newRegistration();
    const declined = await invite(server, admin, registration.email);
    const user = await registerAndActivate(server, registration);
    await user.api.post(`auth/invite/${declined.id}`, false);
    expect((await server.client().get(`auth/invite/${declined.id}`)).body).toMatchObject({ detail: 'This invitation has been declined' });

    const member = await memberOf(server, admin);
    const [accepted] = await server.db.select().from(invitations).where(eq(invitations.email, member.email));
    const res = await server.client().get(`auth/invite/${accepted!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.org_name).toBe(org.name);
  });

  it('answers 404 for unknown ids and ids that are not ids', async () => {
    for (const id of ['0190f0f0-0000-7000-8000-000000000000', 'nope', '%27%3B--']) {
      const res = await server.client().get(`auth/invite/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Invitation not found' });
    }
  });
});

describe('POST auth/invite/{id}', () => {
  it('true joins the organisation with the invited roles; it becomes current when none was', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, org.id);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email, [role.id]);
    const user = await registerAndActivate(server, registration);
    const res = await user.api.post(`auth/invite/${id}`, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      is_org_admin: false,
      org: { id: org.id, name: org.name },
      available_orgs: [{ id: org.id, name: org.name }],
      roles: [{ id: role.id, name: role.name }],
      invitations: [],
    });
    const rows = await server.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(rows).toEqual([{ roleId: role.id, userId: user.id }]);
    const [invitation] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(invitation?.status).toBe('accepted');
  });

  it('keeps the current organisation of a user who already has one', async () => {
    const { admin } = await orgWithAdmin(server);
    const { admin: user, org: own } = await orgWithAdmin(server);
    const { id } = await invite(server, admin, user.email);
    const res = await user.api.post(`auth/invite/${id}`, true);
    expect(res.status).toBe(200);
    expect(res.body.org.id).toBe(own.id);
    expect(res.body.available_orgs).toHaveLength(2);
  });

  it('false declines: no membership, and the invitation is answered', async () => {
    const { admin } = await orgWithAdmin(server);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    const user = await registerAndActivate(server, registration);
    const res = await user.api.post(`auth/invite/${id}`, false);
    expect(res.status).toBe(200);
    expect(res.body.available_orgs).toEqual([]);
    expect(await server.db.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
    expect((await user.api.post(`auth/invite/${id}`, true)).body).toMatchObject({ detail: 'This invitation has been declined' });
  });

  it('refuses a used, expired or cancelled invitation', async () => {
    const { admin } = await orgWithAdmin(server);
    const registration = newRegistration();
    const used = await invite(server, admin, registration.email);
    const user = await registerAndActivate(server, registration);
    expect((await user.api.post(`auth/invite/${used.id}`, true)).status).toBe(200);
    const again = await user.api.post(`auth/invite/${used.id}`, true);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ detail: 'This invitation has already been accepted' });

    await createOrg(admin); // each invitation from an organisation of its own
    const expired = await invite(server, admin, user.email);
    await server.clock.shifted(7 * DAY + 1000, async () => {
      // The session is still live (used a moment ago); only the invitation has run out.
      const res = await user.api.post(`auth/invite/${expired.id}`, true);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: 'This invitation has expired' });
    });

    await createOrg(admin);
    const cancelled = await invite(server, admin, user.email);
    await server.db.update(invitations).set({ status: 'cancelled' }).where(eq(invitations.id, cancelled.id));
    const res = await user.api.post(`auth/invite/${cancelled.id}`, true);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'This invitation has been cancelled' });
    expect((await user.api.get('auth/me')).body.available_orgs).toHaveLength(1);
  });

  it('is answered once, even by answers sent at the same moment', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    const user = await registerAndActivate(server, registration);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => user.api.post(`auth/invite/${id}`, i % 2 === 0)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    const members = await server.db.select().from(memberships).where(eq(memberships.orgId, org.id));
    // The one answer that counted decided both the invitation and the membership.
    expect(members.some((m) => m.userId === user.id)).toBe(row?.status === 'accepted');
  });

  it('is only for the invited e-mail address (in any case)', async () => {
    const { admin } = await orgWithAdmin(server);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    const stranger = await registerAndActivate(server);
    const res = await stranger.api.post(`auth/invite/${id}`, true);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'This invitation was sent to another e-mail address' });
    const invitee = await registerAndActivate(server, { ...registration, email: registration.email.toUpperCase() });
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(200);
  });

  it('takes JSON true or false only', async () => {
    const { admin } = await orgWithAdmin(server);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    const user = await registerAndActivate(server, registration);
    for (const body of ['true', 1, { accept: true }, null, [true]]) {
      const res = await user.api.post(`auth/invite/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toBe('the body must be JSON true or false');
    }
    expect((await user.api.post(`auth/invite/${id}`, undefined, { body: 'yes' })).status).toBe(400);
    // Still open after the refusals.
    expect((await user.api.post(`auth/invite/${id}`, true)).status).toBe(200);
  });

  it('answers 404 for unknown invitations and 401 without sign-in', async () => {
    const user = await registerAndActivate(server);
    expect((await user.api.post('auth/invite/0190f0f0-0000-7000-8000-000000000000', true)).status).toBe(404);
    expect((await user.api.post('auth/invite/whatever', true)).status).toBe(404);
    const { admin } = await orgWithAdmin(server);
    const { id } = await invite(server, admin, newEmail());
    expect((await server.client().post(`auth/invite/${id}`, true)).status).toBe(401);
  });

  it('an org admin can invite into a second organisation once it is current', async () => {
    const { admin } = await orgWithAdmin(server);
    const second = await createOrg(admin);
    const res = await admin.api.post('users', { email: newEmail(), roles: [] });
    expect(res.status).toBe(201);
    const mail = await server.outbox.last(res.body.email);
    expect(mail.subject).toContain(second.name);
  });
});
