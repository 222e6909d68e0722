/**
 * Submissions through share links are throttled per link (SHARE_SUBMISSIONS_PER_LINK_PER_HOUR; issue #43:
 * not per address, a kiosk station is one address filling all day), photo signing per link and per address in
 * files (SHARE_UPLOADS_PER_…): past a limit, 429 with Retry-After, and nothing is stored. A refused
 * submission (422, 429) does not count. Addresses come from X-Forwarded-For (TRUST_PROXY=1). Signed-in
 * members are never throttled so.
 */
import { describe, expect, it } from 'vitest';
import { makeChecklist, makeShareLink, orgWithAdmin, question } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiResponse } from '../support/http.ts';
import { submit } from '../checklists/support.ts';
import { shareClient, shareSubmit } from './support.ts';

const server = useTestServer({
  env: {
    TRUST_PROXY: '1',
    SHARE_SUBMISSIONS_PER_LINK_PER_HOUR: '4',
    // The old per-address limit (issue #43): no longer read, so a kiosk's address goes past it.
    SHARE_SUBMISSIONS_PER_IP_PER_HOUR: '3',
    SHARE_UPLOADS_PER_LINK_PER_HOUR: '4',
    SHARE_UPLOADS_PER_IP_PER_HOUR: '3',
  },
});
const THROTTLED = { detail: 'Too many attempts, please try again later' };
const HOUR_SECONDS = 3600;

function expectThrottled(res: ApiResponse, body: { detail: string } = THROTTLED): void {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toMatchObject(body);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(HOUR_SECONDS);
}

async function sharedChecklist() {
  const { admin } = await orgWithAdmin(server);
  const checklist = await makeChecklist(admin, { q: question('true/false') });
  const link = await makeShareLink(admin, checklist.id);
  return { admin, checklist, client: shareClient(server, link.token) };
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('share submissions, throttled', () => {
  it('not per address: one address (a kiosk) submits through two links past the old per-address limit', async () => {
    const { admin, checklist, client } = await sharedChecklist();
    const other = await sharedChecklist();
    for (let i = 0; i < 4; i++) {
      expect((await shareSubmit(client, checklist.id, { q: { value: true } }, from('203.0.113.1'))).status).toBe(201);
      expect((await shareSubmit(other.client, other.checklist.id, { q: { value: true } }, from('203.0.113.1'))).status).toBe(201);
    }
    expect((await admin.api.get(`documentation/documents/${checklist.id}/data`)).body.total).toBe(4);
    // A signed-in member is not throttled so.
    expect((await submit(admin, checklist.id, { q: { value: true } }, from('203.0.113.1'))).status).toBe(201);
  });

  it('refused attempts do not count: three refused submissions and a 429 leave the link its four', async () => {
    const { admin, checklist, client } = await sharedChecklist();
    for (let i = 0; i < 3; i++) expect((await shareSubmit(client, checklist.id, { q: { value: 'x' } }, from('203.0.113.5'))).status).toBe(422);
    for (let i = 0; i < 4; i++) expect((await shareSubmit(client, checklist.id, { q: { value: true } }, from('203.0.113.5'))).status).toBe(201);
    expectThrottled(await shareSubmit(client, checklist.id, { q: { value: true } }, from('203.0.113.5')));
    expectThrottled(await shareSubmit(client, checklist.id, { q: { value: true } }, from('203.0.113.5')));
    expect((await admin.api.get(`documentation/documents/${checklist.id}/data`)).body.total).toBe(4);
  });

  it('per link: the fifth through one link is 429 whatever the address; an hour later it goes on', async () => {
    const { checklist, client } = await sharedChecklist();
    for (let i = 0; i < 4; i++) expect((await shareSubmit(client, checklist.id, { q: { value: true } }, from(`198.51.100.${i}`))).status).toBe(201);
    expectThrottled(await shareSubmit(client, checklist.id, { q: { value: true } }, from('198.51.100.9')));
    const other = await sharedChecklist();
    expect((await shareSubmit(other.client, other.checklist.id, { q: { value: true } }, from('198.51.100.9'))).status).toBe(201);
    await server.clock.shifted(HOUR_SECONDS * 1000 + 1000, async () => {
      expect((await shareSubmit(client, checklist.id, { q: { value: true } }, from('198.51.100.10'))).status).toBe(201);
    });
  });

  it('photo signing, per IP address and per link, in files (more: upload-quotas.test.ts)', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = (ip: string) =>
      client.post(`documentation/documents/${checklist.id}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }], { headers: from(ip) });
    for (let i = 0; i < 3; i++) expect((await sign('192.0.2.1')).status).toBe(201);
    expectThrottled(await sign('192.0.2.1'), {
      detail: 'Too many uploads from this address through share links: this asks for 1 file, 0 of 3 an hour left; nothing was signed',
    });
    expect((await sign('192.0.2.2')).status).toBe(201);
    expectThrottled(await sign('192.0.2.3'), { detail: 'Too many uploads through this share link: this asks for 1 file, 0 of 4 an hour left; nothing was signed' });
  });
});
