/**
 * Plan limits (organisations.limit_users, limit_active_users): creating a user, inviting and accepting
 * an invitation are refused with 409 naming the limit. Members and pending invitations count toward
 * limit_users when creating or inviting (an invitation holds its seat); accepting counts members only.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../../../src/server/db/schema.ts';
import { createUserDirectly, invite, newRegistration, orgWithAdmin, registerAndActivate, setPlanLimits, uniqueName } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const email = () => `${uniqueName('lim')}@example.com`;

describe('limit_users', () => {
  it('creating a user: refused once members reach the limit; nothing is made', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await setPlanLimits(server, org.id, { users: 2 });
    await createUserDirectly(server, admin);
    const body = newRegistration();
    const res = await admin.api.post('users/', body);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ detail: 'This organization has reached its limit of 2 users' });
    expect((await admin.api.get('users')).body.total).toBe(2);
    expect((await admin.api.get(`users?q=${body.username}`)).body.total).toBe(0);
  });

  it('inviting: members and pending invitations count; an expired invitation does not; cancelling frees the seat', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await setPlanLimits(server, org.id, { users: 3 });
    await invite(server, admin, email());
    const held = await invite(server, admin, email());
    const refused = await admin.api.post('users', { email: email(), roles: [] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ detail: 'This organization has reached its limit of 3 users' });
    // Creating a user is refused too: the invitations hold their seats.
    expect((await admin.api.post('users/', newRegistration())).status).toBe(409);
    expect((await admin.api.delete(`auth/org-invites/${held.id}`)).status).toBe(204);
    expect((await admin.api.post('users', { email: email(), roles: [] })).status).toBe(201);
    // Past their expiry invitations hold nothing.
    expect((await admin.api.post('users', { email: email(), roles: [] })).status).toBe(409);
    await server.db.update(invitations).set({ expiry: new Date(Date.now() - 1000) }).where(eq(invitations.orgId, org.id));
    expect((await admin.api.post('users', { email: email(), roles: [] })).status).toBe(201);
    expect((await admin.api.post('users', { email: email(), roles: [] })).status).toBe(201);
    expect((await admin.api.post('users', { email: email(), roles: [] })).status).toBe(409);
  });

  it('accepting: refused when members alone fill the plan (the limit was lowered since)', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    await createUserDirectly(server, admin);
    await setPlanLimits(server, org.id, { users: 2 });
    const invitee = await registerAndActivate(server, registration);
    const res = await invitee.api.post(`auth/invite/${id}`, true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ detail: 'This organization has reached its limit of 2 users' });
    expect((await admin.api.get('users')).body.total).toBe(2);
    // The invitation stays pending: once there is room it can still be accepted.
    await setPlanLimits(server, org.id, { users: 3 });
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(200);
    expect((await admin.api.get('users')).body.total).toBe(3);
  });

  it('accepting within the limit works when the invitation held the last seat', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await setPlanLimits(server, org.id, { users: 2 });
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    const invitee = await registerAndActivate(server, registration);
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(200);
  });
});

describe('limit_active_users', () => {
  it('creating, inviting and accepting are refused once active members reach it; inactive accounts do not count', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await setPlanLimits(server, org.id, { users: 100, activeUsers: 2 });
    // An account not yet activated is no active user (but counts while being created).
    expect((await admin.api.post('users/', { ...newRegistration(), is_active: false })).status).toBe(201);
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email);
    // The invitation holds the second active seat.
    const refused = await admin.api.post('users/', newRegistration());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ detail: 'This organization has reached its limit of 2 active users' });
    expect((await admin.api.post('users', { email: email(), roles: [] })).status).toBe(409);
    // Accepting: members only — the admin and the new one make 2.
    const invitee = await registerAndActivate(server, registration);
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(200);
    await setPlanLimits(server, org.id, { activeUsers: 1 });
    const late = newRegistration();
    await setPlanLimits(server, org.id, { activeUsers: 3 });
    const { id: lateId } = await invite(server, admin, late.email);
    await setPlanLimits(server, org.id, { activeUsers: 2 });
    const lateUser = await registerAndActivate(server, late);
    const res = await lateUser.api.post(`auth/invite/${lateId}`, true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ detail: 'This organization has reached its limit of 2 active users' });
  });
});
