/**
 * A share link of an organisation whose subscription has lapsed (billing on, trial over, nothing paid):
 * every allowed call answers 402 'Organization subscription is expired', in the words the fill page
 * shows; once paid again, the link works again. A switched-off organisation answers 403.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisations } from '../../../src/server/db/schema.ts';
import { makeChecklist, makeShareLink, orgWithAdmin, question } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { useStripeServer } from '../support/stripe-server.ts';
import { shareClient, shareSubmit } from './support.ts';

const stripe = useStripeServer();
const server = useTestServer({
  get env() {
    return { ...stripe.env, TRIAL_DAYS: '3' };
  },
});

describe('a share link of a lapsed organisation', () => {
  it('answers 402 on every allowed call, and works again once paid', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const checklist = await makeChecklist(admin, { q: question('true/false') });
    const client = shareClient(server, (await makeShareLink(admin, checklist.id)).token);
    expect((await client.get('share/checklist')).status).toBe(200);

    await server.db.update(organisations).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(organisations.id, org.id));
    for (const res of [
      await client.get('share/checklist'),
      await client.get(`documentation/documents/${checklist.id}`),
      await client.post(`documentation/documents/${checklist.id}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }]),
      await shareSubmit(client, checklist.id, { q: { value: true } }),
    ]) {
      expect(res.status, res.text).toBe(402);
      expect(res.body).toMatchObject({ detail: 'Organization subscription is expired' });
    }
    expect((await admin.api.get(`documentation/documents/${checklist.id}/data`)).status).toBe(402);

    await server.db.update(organisations).set({ paidUntil: new Date(Date.now() + 24 * 60 * 60 * 1000) }).where(eq(organisations.id, org.id));
    expect((await shareSubmit(client, checklist.id, { q: { value: true } })).status).toBe(201);

    await server.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, org.id));
    const off = await client.get('share/checklist');
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ detail: 'Invalid Organization Subscription' });
  });
});
