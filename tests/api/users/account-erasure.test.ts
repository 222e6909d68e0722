/**
 * Erasing a person (GDPR Art. 17, issue #47): POST auth/delete-account (the account's own, with its
 * password and two-factor code) and DELETE users/accounts/{id} (an admin of every organisation the person
 * belongs to). Their name, e-mail address, avatar, sessions, tokens and two-factor secret go; what they
 * wrote stays, shown as by "Deleted user"; the last admin of an organisation is told to hand over first.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { activityEvents, apiTokens, loginSessions, memberships, users } from '../../../src/server/db/schema.ts';
import { submit } from '../checklists/support.ts';
import { createOrg, createUserDirectly, makeChecklist, orgWithAdmin, question, requestAccessToken, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const DELETED = 'Deleted user';

async function enableTwoFactor(user: TestUser): Promise<string> {
  const started = await user.api.post('auth/set-otp', { enabled: true });
  const secret = new URL(started.body.uri).searchParams.get('secret')!;
  const res = await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeOf(secret, -1) });
  expect(res.status, res.text).toBe(200);
  return secret;
}

function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** An organisation whose second admin wrote a checklist, submitted it once and holds an API token. */
async function writer() {
  const { admin, org } = await orgWithAdmin(server);
  const author = await createUserDirectly(server, admin, { is_org_admin: true });
  const doc = await makeChecklist(author, { q: question('true/false') });
  const row = await submit(author, doc.id, { q: { value: true } });
  expect(row.status, row.text).toBe(201);
  const token = await author.api.post('auth/api-tokens', { name: 'Sync', scope: 'read', organization_id: org.id });
  expect(token.status, token.text).toBe(201);
  return { admin, org, author, doc, rowId: row.body.id as string, apiToken: token.body.token as string };
}

async function expectErased(author: TestUser, others: { admin: TestUser; docId: string; rowId: string }) {
  const [row] = await server.db.select().from(users).where(eq(users.id, author.id));
  expect(row).toMatchObject({ username: DELETED, fullName: DELETED, email: '', avatar: null, otpSecret: null, otpEnabled: false, isActive: false });
  expect(row!.erasedAt).not.toBeNull();
  expect(await server.db.select().from(loginSessions).where(eq(loginSessions.userId, author.id))).toEqual([]);
  expect(await server.db.select().from(apiTokens).where(eq(apiTokens.userId, author.id))).toEqual([]);
  expect(await server.db.select().from(memberships).where(eq(memberships.userId, author.id))).toEqual([]);
  // Nothing of the person's name or address is left in the activity log.
  const events = await server.db.select().from(activityEvents);
  expect(JSON.stringify(events)).not.toContain(author.email);
  expect(JSON.stringify(events)).not.toContain(author.username);
  // Their session answers 401; their password signs nobody in.
  expect((await author.api.get('auth/me')).status).toBe(401);
  expect((await requestAccessToken(server, author.username, author.password)).status).toBe(400);
  // What they wrote stays, by "Deleted user".
  const doc = await others.admin.api.get(`documentation/documents/${others.docId}`);
  expect(doc.status, doc.text).toBe(200);
  expect(doc.body.created_by_username).toBe(DELETED);
  const submitted = await others.admin.api.get(`documentation/documents/documentdata/${others.rowId}`);
  expect(submitted.status, submitted.text).toBe(200);
  expect(submitted.body.created_by_username).toBe(DELETED);
}

describe('POST auth/delete-account', () => {
  it('erases the account after its password; what it wrote stays as "Deleted user"; its username and address are free again', async () => {
    const { admin, author, doc, rowId, apiToken } = await writer();
    const wrong = await author.api.post('auth/delete-account', { password: 'not it' });
    expect(wrong).toMatchObject({ status: 400, body: { detail: 'Incorrect password' } });
    expect((await author.api.post('auth/delete-account', {})).status).toBe(422);
    // An API token cannot do it.
    const byToken = await server.client(apiToken).post('auth/delete-account', { password: author.password });
    expect(byToken.status).toBe(403);
    const res = await author.api.post('auth/delete-account', { password: author.password });
    expect(res.status, res.text).toBe(204);
    await expectErased(author, { admin, docId: doc.id, rowId });
    expect((await server.client(apiToken).get('auth/me')).status).toBe(401);
    const [deleted] = (await server.db.select().from(activityEvents).where(eq(activityEvents.type, 'UserDeleted'))).filter(
      (e) => e.context.user_id === author.id,
    );
    expect(deleted!.context).toMatchObject({ username: DELETED, account_erased: true });
    // Another person may take the name and the address.
    const again = await createUserDirectly(server, admin, { username: author.username, email: author.email });
    expect((await again.api.get('auth/me')).body.username).toBe(author.username);
  });

  it('with two-factor sign-in it needs a right code too', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const member = await createUserDirectly(server, admin);
    const secret = await enableTwoFactor(member);
    expect((await member.api.post('auth/delete-account', { password: member.password })).status).toBe(400);
    expect((await member.api.post('auth/delete-account', { password: member.password, otp: '000000' })).status).toBe(400);
    const res = await member.api.post('auth/delete-account', { password: member.password, otp: codeOf(secret) });
    expect(res.status, res.text).toBe(204);
    const [row] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ username: DELETED, otpSecret: null, otpEnabled: false });
    expect((await admin.api.get(`users/${member.id}`)).status).toBe(404);
    expect(org.id).toBeTruthy();
  });

  it('the last admin of an organisation is told to hand over first (409), in any of their organisations', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const res = await admin.api.post('auth/delete-account', { password: admin.password });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`You are the last admin of ${org.name}: make another member an admin before deleting this account`);
    const second = await createUserDirectly(server, admin, { is_org_admin: true });
    const other = await createOrg(admin);
    const again = await admin.api.post('auth/delete-account', { password: admin.password });
    expect(again.body.detail).toBe(`You are the last admin of ${other.name}: make another member an admin before deleting this account`);
    expect((await admin.api.get('auth/me')).status).toBe(200);
    expect(second.id).toBeTruthy();
  });
});

describe('DELETE users/accounts/{id}', () => {
  it('an admin of every organisation the member belongs to erases them', async () => {
    const { admin, author, doc, rowId } = await writer();
    const res = await admin.api.delete(`users/accounts/${author.id}`);
    expect(res.status, res.text).toBe(204);
    await expectErased(author, { admin, docId: doc.id, rowId });
    expect((await admin.api.delete(`users/accounts/${author.id}`)).status).toBe(404);
  });

  it('refused when the member also belongs to an organisation the admin does not administer (403), for their own account (403), and for another organisation\'s member (404)', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await createUserDirectly(server, admin);
    const elsewhere = await orgWithAdmin(server);
    const invited = await elsewhere.admin.api.post('users', { email: member.email, roles: [] });
    expect(invited.status, invited.text).toBe(201);
    const answered = await member.api.post(`auth/invite/${invited.body.id}`, true);
    expect(answered.status, answered.text).toBeLessThan(300);
    expect((await admin.api.delete(`users/accounts/${member.id}`)).status).toBe(403);
    expect((await admin.api.delete(`users/accounts/${admin.id}`)).status).toBe(403);
    expect((await admin.api.delete(`users/accounts/${elsewhere.admin.id}`)).status).toBe(404);
    expect((await admin.api.delete('users/accounts/not-an-id')).status).toBe(404);
    expect((await member.api.get('auth/me')).status).toBe(200);
  });
});
