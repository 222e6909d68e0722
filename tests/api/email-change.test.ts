/**
 * Changing one's e-mail address (issue 10, "invitation takeover"): PUT auth/me {email} records a pending
 * change and mails a confirmation link to the new address (and a notice to the old one); the address
 * changes only when POST auth/confirm-email takes that link's token. Until then every use of the address —
 * invitations, password resets, sign-in, uniqueness — sees the old one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, users } from '../../src/server/db/schema.ts';
import {
  createOrg,
  invite,
  linkIn,
  memberOf,
  newRegistration,
  orgWithAdmin,
  register,
  registerAndActivate,
  requestAccessToken,
  tokenFromMail,
  uniqueName,
  type TestUser,
} from './support/factories.ts';
import { PUBLIC_URL, useTestServer } from './support/harness.ts';

const server = useTestServer();
const HOUR = 60 * 60 * 1000;
const newAddress = () => `${uniqueName('moved')}@example.com`;

const INVALID = { detail: 'This confirmation link is invalid or has been replaced by a newer one' };
const USED = { detail: 'This e-mail address change has already been confirmed' };
const EXPIRED = { detail: 'This confirmation link has expired: change your e-mail address again in Account Settings' };
const TAKEN = { detail: 'A user with this email already exists' };

/** Asks for the change and answers the token of the confirmation link mailed to the new address. */
async function askForChange(user: TestUser, email: string): Promise<string> {
  const res = await user.api.put('auth/me', { email });
  expect(res.status, res.text).toBe(200);
  return tokenFromMail(server, email, '/confirm-email');
}

const confirm = (token: unknown) => server.client().post('auth/confirm-email', token);

describe('PUT auth/me {email}', () => {
  it('keeps the address, records the change as pending, mails a link to the new address and a notice to the old', async () => {
    const user = await registerAndActivate(server);
    const email = newAddress();
    const res = await user.api.put('auth/me', { email: email.toUpperCase(), full_name: 'Moving House' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, pending_email: email, full_name: 'Moving House' });
    expect((await user.api.get('auth/me')).body).toMatchObject({ email: user.email, pending_email: email });

    const confirmation = await server.outbox.last(email);
    expect(confirmation.subject).toBe('Confirm your new Ringbinder e-mail address');
    const link = linkIn(confirmation, '/confirm-email');
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/confirm-email\\?token=[\\w-]{43}$`));
    expect(confirmation.html).toContain(link);
    const notice = await server.outbox.last(user.email);
    expect(notice.subject).toBe('Your Ringbinder e-mail address is about to change');
    expect(notice.text).toContain(email);
    expect(notice.links.some((l) => l.includes('token='))).toBe(false);
  });

  it('sending the current address (in any case) changes nothing and mails nothing', async () => {
    const user = await registerAndActivate(server);
    const before = (await server.outbox.all()).length;
    const res = await user.api.put('auth/me', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, pending_email: null });
    expect(await server.outbox.all()).toHaveLength(before);
  });

  it("refuses an address another account holds, and one whose account is not activated yet", async () => {
    const holder = await registerAndActivate(server);
    const { registration } = await register(server);
    const user = await registerAndActivate(server);
    for (const email of [holder.email.toUpperCase(), registration.email]) {
      const res = await user.api.put('auth/me', { email });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(TAKEN);
    }
    expect((await user.api.get('auth/me')).body.pending_email).toBeNull();
  });

  it('a second change replaces the first: only the newest link confirms', async () => {
    const user = await registerAndActivate(server);
    const first = newAddress();
    const second = newAddress();
    const firstToken = await askForChange(user, first);
    const secondToken = await askForChange(user, second);
    expect((await user.api.get('auth/me')).body.pending_email).toBe(second);
    const stale = await confirm(firstToken);
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject(INVALID);
    expect((await confirm(secondToken)).status).toBe(200);
    expect((await user.api.get('auth/me')).body).toMatchObject({ email: second, pending_email: null });
  });
});

describe('until the change is confirmed, the address is the old one', () => {
  it('an invitation to the new address is neither seen nor accepted (the takeover of issue 10)', async () => {
    const { admin } = await orgWithAdmin(server);
    const victim = `${uniqueName('invitee')}@example.com`;
    const { id } = await invite(server, admin, victim);
    const attacker = await registerAndActivate(server);
    const res = await attacker.api.put('auth/me', { email: victim });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(attacker.email);
    expect(res.body.invitations).toEqual([]);
    expect((await attacker.api.get('auth/invites')).body).toEqual({ results: [], total: 0 });
    const accept = await attacker.api.post(`auth/invite/${id}`, true);
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({ detail: 'This invitation was sent to another e-mail address' });
    const me = (await attacker.api.get('auth/me')).body;
    expect(me.available_orgs).toEqual([]);

    // The real person can still register with the address and accept.
    const real = await registerAndActivate(server, { email: victim });
    expect((await real.api.post(`auth/invite/${id}`, true)).status).toBe(200);
  });

  it('a password reset for the new address mails nothing; for the old one it goes to the old one', async () => {
    const user = await registerAndActivate(server);
    const email = newAddress();
    await askForChange(user, email);
    const mailsToNew = (await server.outbox.to(email)).length;
    expect((await server.client().postForm('auth/send-password-reset', { email })).status).toBe(200);
    expect(await server.outbox.to(email)).toHaveLength(mailsToNew);
    expect((await server.client().postForm('auth/send-password-reset', { email: user.email })).status).toBe(200);
    expect((await server.outbox.last(user.email)).subject).toBe('Reset your Ringbinder password');
  });

  it('signs in with the old address, not with the new one', async () => {
    const user = await registerAndActivate(server);
    const email = newAddress();
    await askForChange(user, email);
    expect((await requestAccessToken(server, email, user.password)).status).toBe(400);
    expect((await requestAccessToken(server, user.email, user.password)).status).toBe(200);
  });

  it('the new address is free for someone else to register; confirming afterwards is refused', async () => {
    const user = await registerAndActivate(server);
    const email = newAddress();
    const token = await askForChange(user, email);
    const other = await registerAndActivate(server, { email });
    expect(other.email).toBe(email);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(TAKEN);
    expect((await user.api.get('auth/me')).body).toMatchObject({ email: user.email, pending_email: null });
  });

  it('the new address is free for another change too; only the first confirmed wins', async () => {
    const alice = await registerAndActivate(server);
    const bob = await registerAndActivate(server);
    const email = newAddress();
    const aliceToken = await askForChange(alice, email);
    const bobToken = await askForChange(bob, email);
    expect((await confirm(bobToken)).status).toBe(200);
    const res = await confirm(aliceToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(TAKEN);
    expect((await alice.api.get('auth/me')).body.email).toBe(alice.email);
    expect((await bob.api.get('auth/me')).body.email).toBe(email);
  });
});

describe('POST auth/confirm-email', () => {
  it('takes the token as a JSON string and changes the address: sign-in, resets and invitations follow it', async () => {
    const user = await registerAndActivate(server);
    const email = newAddress();
    const token = await askForChange(user, email);
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email });
    expect((await user.api.get('auth/me')).body).toMatchObject({ email, pending_email: null });
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email, pendingEmail: null });
    expect((await requestAccessToken(server, email, user.password)).status).toBe(200);
    expect((await requestAccessToken(server, user.email, user.password)).status).toBe(400);
    const { admin } = await orgWithAdmin(server);
    const { id } = await invite(server, admin, email);
    expect((await user.api.post(`auth/invite/${id}`, true)).status).toBe(200);
  });

  it('uses a link once, and says so', async () => {
    const user = await registerAndActivate(server);
    const token = await askForChange(user, newAddress());
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(USED);
  });

  it('uses a link once even when it is sent several times at the same moment', async () => {
    const user = await registerAndActivate(server);
    const token = await askForChange(user, newAddress());
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('accepts a link for 24 hours, not after, and says it expired', async () => {
    const user = await registerAndActivate(server);
    const token = await askForChange(user, newAddress());
    await server.clock.shifted(24 * HOUR + 1000, async () => {
      const res = await confirm(token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(EXPIRED);
    });
    await server.clock.shifted(23 * HOUR, async () => {
      expect((await confirm(token)).status).toBe(200);
    });
  });

  it('refuses unknown tokens, activation and reset tokens, and bodies that are not a JSON string', async () => {
    expect((await confirm('not-a-token')).body).toMatchObject(INVALID);
    const registration = newRegistration();
    await server.client().post('auth/register', registration);
    const activation = await tokenFromMail(server, registration.email, '/auth/activate');
    expect((await confirm(activation)).body).toMatchObject(INVALID);
    expect((await server.client().post('auth/activate', activation)).status).toBe(200);
    await server.client().postForm('auth/send-password-reset', { email: registration.email });
    const reset = await tokenFromMail(server, registration.email, '/reset-password');
    expect((await confirm(reset)).body).toMatchObject(INVALID);
    for (const body of [{ token: 'x' }, 42, null, '']) {
      expect((await confirm(body)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('voids the reset links mailed to the old address', async () => {
    const user = await registerAndActivate(server);
    await server.client().postForm('auth/send-password-reset', { email: user.email });
    const reset = await tokenFromMail(server, user.email, '/reset-password');
    expect((await confirm(await askForChange(user, newAddress()))).status).toBe(200);
    const res = await server.client().post('auth/reset-password', { password: 'via the old mailbox', token: reset });
    expect(res.status).toBe(400);
  });

  it('is voided by a password reset (the account is being secured)', async () => {
    const user = await registerAndActivate(server);
    const token = await askForChange(user, newAddress());
    await server.client().postForm('auth/send-password-reset', { email: user.email });
    const reset = await tokenFromMail(server, user.email, '/reset-password');
    expect((await server.client().post('auth/reset-password', { password: 'secured again', token: reset })).status).toBe(200);
    expect((await confirm(token)).body).toMatchObject(INVALID);
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('two accounts confirming one address at the same moment: one wins, the other is told, never a 500', async () => {
    const email = newAddress();
    const people = await Promise.all(Array.from({ length: 4 }, () => registerAndActivate(server)));
    const tokens = [];
    for (const person of people) tokens.push(await askForChange(person, email));
    const answers = await Promise.all(tokens.map(confirm));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const res of answers.filter((r) => r.status === 400)) expect(res.body).toMatchObject(TAKEN);
    const holders = await server.db.select().from(users).where(eq(users.email, email));
    expect(holders).toHaveLength(1);
  });
});

describe("an e-mail change an organization's admin asked for (issue 28)", () => {
  const LAPSED = {
    detail:
      'This e-mail address change was asked for by an organization admin and no longer applies: the user does not belong to that organization alone any more, so only they can change their address (in Account Settings)',
  };

  /** Admin B's organisation with X, a member of B only, and the token B's request for a new address of X mailed there. */
  async function adminAsksForChange() {
    const b = await orgWithAdmin(server);
    const x = await memberOf(server, b.admin);
    const mailbox = newAddress(); // an address admin B reads
    const res = await b.admin.api.put(`users/${x.id}`, { email: mailbox });
    expect(res.status, res.text).toBe(200);
    const token = await tokenFromMail(server, mailbox, '/confirm-email');
    return { b, x, mailbox, token };
  }

  const pendingOf = async (userId: string) =>
    (await server.db.select({ email: users.email, pending: users.pendingEmail, org: users.pendingEmailOrgId }).from(users).where(eq(users.id, userId)))[0];

  it('records the organization that asked; confirmed while the user still belongs to it alone, the address changes', async () => {
    const { b, x, mailbox, token } = await adminAsksForChange();
    expect(await pendingOf(x.id)).toEqual({ email: x.email, pending: mailbox, org: b.org.id });
    const res = await confirm(token);
    expect(res.status, res.text).toBe(200);
    expect(await pendingOf(x.id)).toEqual({ email: mailbox, pending: null, org: null });
  });

  it("the user's own request records no organization", async () => {
    const { admin } = await orgWithAdmin(server);
    const x = await memberOf(server, admin);
    const mailbox = newAddress();
    await askForChange(x, mailbox);
    expect(await pendingOf(x.id)).toEqual({ email: x.email, pending: mailbox, org: null });
  });

  it('is dropped when the user joins another organization by accepting an invitation: the link no longer changes the address', async () => {
    const { b, x, mailbox, token } = await adminAsksForChange();
    const a = await orgWithAdmin(server);
    const { id } = await invite(server, a.admin, x.email);
    expect((await x.api.post(`auth/invite/${id}`, true)).status).toBe(200);
    expect(await pendingOf(x.id)).toEqual({ email: x.email, pending: null, org: null });
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(INVALID);
    expect((await x.api.get('auth/me')).body).toMatchObject({ email: x.email, pending_email: null });
    // Admin B cannot reset X's password through the mailbox B reads.
    await server.client().postForm('auth/send-password-reset', { email: mailbox });
    expect(await server.outbox.to(mailbox)).toHaveLength(1); // the confirmation link only
    expect(b.org.id).not.toBe(a.org.id);
  });

  it('is dropped when the user creates an organization', async () => {
    const { x, token } = await adminAsksForChange();
    await createOrg(x);
    expect((await pendingOf(x.id))?.pending).toBeNull();
    expect((await confirm(token)).status).toBe(400);
  });

  it('is checked again when confirmed: a user who belongs to another organization too (however they joined) is refused, and the change is dropped', async () => {
    const { x, token } = await adminAsksForChange();
    const a = await orgWithAdmin(server);
    // A membership that came by a path that did not drop the change.
    await server.db.insert(memberships).values({ orgId: a.org.id, userId: x.id, createdAt: new Date() });
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(LAPSED);
    expect(await pendingOf(x.id)).toEqual({ email: x.email, pending: null, org: null });
    expect((await confirm(token)).body).toMatchObject(INVALID);
  });

  it('is refused when confirmed after the user was removed from the organization that asked', async () => {
    const { b, x, token } = await adminAsksForChange();
    expect((await b.admin.api.delete(`users/${x.id}`)).status).toBe(204);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(LAPSED);
    expect((await pendingOf(x.id))?.email).toBe(x.email);
  });

  it("the user's own request survives joining another organization", async () => {
    const { admin } = await orgWithAdmin(server);
    const x = await memberOf(server, admin);
    const mailbox = newAddress();
    const token = await askForChange(x, mailbox);
    await createOrg(x);
    const other = await orgWithAdmin(server);
    const { id } = await invite(server, other.admin, x.email);
    expect((await x.api.post(`auth/invite/${id}`, true)).status).toBe(200);
    expect((await confirm(token)).status).toBe(200);
    expect((await pendingOf(x.id))?.email).toBe(mailbox);
  });

  it("the user's own request replaces an admin's: it is no longer the admin's", async () => {
    const { x, token } = await adminAsksForChange();
    const mine = newAddress();
    const myToken = await askForChange(x, mine);
    expect(await pendingOf(x.id)).toEqual({ email: x.email, pending: mine, org: null });
    expect((await confirm(token)).body).toMatchObject(INVALID);
    await createOrg(x);
    expect((await confirm(myToken)).status).toBe(200);
  });
});

describe('DELETE auth/me/email-change', () => {
  it('drops the pending change: its link no longer confirms', async () => {
    const user = await registerAndActivate(server);
    const token = await askForChange(user, newAddress());
    const res = await user.api.delete('auth/me/email-change');
    expect(res.status).toBe(204);
    expect((await user.api.get('auth/me')).body).toMatchObject({ email: user.email, pending_email: null });
    expect((await confirm(token)).body).toMatchObject(INVALID);
    // Nothing pending: still 204.
    expect((await user.api.delete('auth/me/email-change')).status).toBe(204);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.client().delete('auth/me/email-change')).status).toBe(401);
  });
});
