/**
 * POST users {email} sent many times at the same moment (issue 10): one pending invitation per
 * organisation and address (a unique partial index), so one invitation and one mail — the race shows on
 * PostgreSQL (PGlite serves one connection at a time).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../../src/server/db/schema.ts';
import { invite, orgWithAdmin, uniqueName } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();

describe('POST users {email, roles} at the same moment', () => {
  it('20 calls for one address make one pending invitation and one mail; the others are told it is pending', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const email = `${uniqueName('crowd')}@example.com`;
    // Open 20 connections first (kept alive), so that the 20 calls below leave at the same moment.
    await Promise.all(Array.from({ length: 20 }, () => admin.api.get('auth/org-invites')));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.api.post('users', { email: i % 2 === 0 ? email : email.toUpperCase(), roles: [] })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201), JSON.stringify(statuses)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: `An invitation to ${email} is already pending` });
    }
    const rows = await server.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.orgId, org.id), eq(invitations.email, email)));
    expect(rows).toHaveLength(1);
    expect(await server.outbox.to(email)).toHaveLength(1);
  });

  it('another organisation may invite the same address at the same moment', async () => {
    const email = `${uniqueName('shared')}@example.com`;
    const admins = await Promise.all([orgWithAdmin(server), orgWithAdmin(server)]);
    const answers = await Promise.all(admins.map(({ admin }) => admin.api.post('users', { email, roles: [] })));
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await server.outbox.to(email)).toHaveLength(2);
  });
});

describe('POST users {email, roles} after an invitation expired', () => {
  it('invites again: the expired invitation is marked expired and the new one is pending', async () => {
    const { admin } = await orgWithAdmin(server);
    const email = `${uniqueName('late')}@example.com`;
    const first = await invite(server, admin, email);
    // Its seven days are over (the organisation's trial would be too, were the clock moved instead).
    await server.db.update(invitations).set({ expiry: new Date(Date.now() - 60_000) }).where(eq(invitations.id, first.id));
    const res = await admin.api.post('users', { email, roles: [] });
    expect(res.status, res.text).toBe(201);
    const old = await server.client().get(`auth/invite/${first.id}`);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ detail: 'This invitation has expired' });
    const listed = (await admin.api.get('auth/org-invites')).body;
    expect(listed.results.map((i: { id: string }) => i.id)).toEqual([res.body.id]);
    expect((await server.outbox.to(email)).map((m) => m.links.some((l) => l.endsWith(res.body.id)))).toEqual([false, true]);
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, first.id));
    expect(row?.status).toBe('expired');
  });
});
