/** auth/me GET and PUT: the caller's profile; only username, email, full_name and avatar can change there. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { createOrg, registerAndActivate, requestAccessToken, shared, uniqueName } from './support/factories.ts';
import { PUBLIC_URL, useTestServer } from './support/harness.ts';
import { uploadAvatar } from './avatars/support.ts';

const server = useTestServer();
const someUser = shared(() => registerAndActivate(server));

describe('GET auth/me', () => {
  it('answers the profile, organisations, roles, two-factor state and invitations — no secrets', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.get('auth/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      full_name: user.full_name,
      is_org_admin: false,
      org: null,
      available_orgs: [],
      roles: [],
      avatar: null,
      avatar_url: null,
      otp_enabled: false,
      invitations: [],
      pending_email: null,
      public_url: PUBLIC_URL,
    });
    expect(res.text).not.toMatch(/password|argon2|otp_secret|token/i);
  });

  it('shows the current organisation with its trial and plan limits', async () => {
    const user = await registerAndActivate(server);
    const org = await createOrg(user);
    const me = (await user.api.get('auth/me')).body;
    expect(me.is_org_admin).toBe(true);
    expect(me.available_orgs).toEqual([{ id: org.id, name: org.name, is_org_admin: true }]);
    expect(me.org).toEqual({
      id: org.id,
      name: org.name,
      is_active: true,
      trial_ends_at: expect.any(String),
      plan_options: { limit_users: expect.any(Number), limit_active_users: expect.any(Number) },
      // Billing is off on this server (no STRIPE_SECRET_KEY): tests/api/billing/ covers the other states.
      subscription: { status: 'off', trial_ends_at: me.org.trial_ends_at, current_period_end: null },
    });
  });

  it('needs a signed-in caller', async () => {
    const res = await server.client().get('auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ detail: 'Could not validate credentials' });
  });
});

describe('PUT auth/me', () => {
  it('changes username, full name and avatar at once, and answers the updated user; a new e-mail waits for its confirmation', async () => {
    const user = await registerAndActivate(server);
    await createOrg(user);
    const username = uniqueName('renamed');
    const avatar = await uploadAvatar(server, user);
    const res = await user.api.put('auth/me', {
      username,
      email: `${username.toUpperCase()}@Example.COM`,
      full_name: 'Renamed Person',
      avatar,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      username,
      email: user.email,
      pending_email: `${username.toLowerCase()}@example.com`,
      full_name: 'Renamed Person',
      avatar,
    });
    expect((await user.api.get('auth/me')).body).toMatchObject({ username, full_name: 'Renamed Person', avatar });
    expect((await requestAccessToken(server, username, user.password)).status).toBe(200);
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(400);
  });

  it('changes only the fields sent; avatar null clears the picture', async () => {
    const user = await registerAndActivate(server);
    await createOrg(user);
    await user.api.put('auth/me', { avatar: await uploadAvatar(server, user) });
    const res = await user.api.put('auth/me', { full_name: 'Only The Name' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user.username, email: user.email, full_name: 'Only The Name' });
    expect(res.body.avatar).toEqual(expect.any(String));
    const cleared = await user.api.put('auth/me', { avatar: null });
    expect(cleared.body.avatar).toBeNull();
    expect((await user.api.put('auth/me', {})).status).toBe(200);
  });

  it('keeps its own username and e-mail in another case', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.put('auth/me', { username: user.username.toUpperCase(), email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username.toUpperCase());
  });

  it.each([
    ['is_org_admin', true],
    ['password', 'a new password'],
    ['otp_enabled', true],
    ['id', '0190f0f0-0000-7000-8000-000000000000'],
    ['is_active', false],
  ])('refuses the field %s with 422 and changes nothing', async (field, value) => {
    const user = await someUser();
    const res = await user.api.put('auth/me', { full_name: 'Sneaky', [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(expect.stringContaining(field));
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ fullName: user.full_name, isActive: true, otpEnabled: false });
  });

  it('a refused password field leaves the password as it was', async () => {
    const user = await someUser();
    expect((await user.api.put('auth/me', { password: 'a new password' })).status).toBe(422);
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(200);
  });

  it("refuses another user's username or e-mail with 400", async () => {
    const taken = await registerAndActivate(server);
    const user = await registerAndActivate(server);
    const byName = await user.api.put('auth/me', { username: taken.username.toUpperCase() });
    expect(byName.status).toBe(400);
    expect(byName.body).toMatchObject({ detail: 'A user with this username already exists' });
    const byEmail = await user.api.put('auth/me', { email: taken.email });
    expect(byEmail.status).toBe(400);
    expect(byEmail.body).toMatchObject({ detail: 'A user with this email already exists' });
  });

  it('answers two users taking one username at once with 200 and 400, never 500', async () => {
    const a = await registerAndActivate(server);
    const b = await registerAndActivate(server);
    const username = uniqueName('contested');
    const results = await Promise.all([a.api.put('auth/me', { username }), b.api.put('auth/me', { username })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it.each([
    [{ email: 'not an address' }, 'Invalid Email'],
    [{ full_name: '  ' }, 'Full Name is required'],
    [{ username: 'has space' }, 'Username may contain only letters, digits and . @ + - _'],
    [{ avatar: 'picture.png' }, 'avatar: must be a valid id'],
    [{ username: 42 }, 'username: username must be a string'],
    [{ full_name: null }, undefined],
  ])('refuses %j with 422', async (body, detail) => {
    const user = await someUser();
    const res = await user.api.put('auth/me', body);
    expect(res.status).toBe(422);
    if (detail) expect(res.body.detail).toBe(detail);
    else expect(typeof res.body.detail).toBe('string');
  });

  it('refuses bodies that are not an object', async () => {
    const user = await someUser();
    for (const body of [null, [], 'me', 1]) {
      expect((await user.api.put('auth/me', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await user.api.put('auth/me', undefined, { body: '{"full_name":' })).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.client().put('auth/me', { full_name: 'x' })).status).toBe(401);
  });
});
