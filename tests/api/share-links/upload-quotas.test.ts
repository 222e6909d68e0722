/**
 * Photo uploads through share links are counted at signing in FILES and in BYTES (each file's signed
 * size), per link and per IP address, with the default limits (issue #40: a share link's holder signed 20
 * files of 25 MB a call, and the limit counted calls — 17 calls signed 340 files). A call that asks for
 * more than is left is refused whole — 429 with Retry-After and a detail saying which limit, nothing
 * signed — and an hour later the count has room again. Addresses come from X-Forwarded-For (TRUST_PROXY=1).
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_REQUEST } from '../../../src/shared/constants.ts';
import { uploads } from '../../../src/server/db/schema.ts';
import { makeChecklist, makeShareLink, orgWithAdmin, question } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient, ApiResponse } from '../support/http.ts';
import { shareClient } from './support.ts';

// The defaults: 300 files and 1 GiB an hour per address, 1000 files and 4 GiB an hour per link.
const server = useTestServer({ env: { TRUST_PROXY: '1' } });
const HOUR_SECONDS = 3600;

async function sharedChecklist() {
  const { admin } = await orgWithAdmin(server);
  const checklist = await makeChecklist(admin, { q: question('true/false', { photoVerification: true }) });
  const link = await makeShareLink(admin, checklist.id);
  return { checklist, client: shareClient(server, link.token as string) };
}

const files = (n: number, size = 1000) => Array.from({ length: n }, (_, i) => ({ filename: `p${i}.jpg`, file_size: size, content_type: 'image/jpeg' }));

function signer(client: ApiClient, checklistId: string) {
  return (ip: string, body: object[]) => client.post(`documentation/documents/${checklistId}/sign-content-upload`, body, { headers: { 'x-forwarded-for': ip } });
}

const uploadsOf = async (documentId: string) => (await server.db.select({ n: count() }).from(uploads).where(eq(uploads.documentId, documentId)))[0]!.n;

/** 429 with a Retry-After within the hour and this detail; answers the Retry-After in seconds. */
function expectRefused(res: ApiResponse, detail: string): number {
  expect(res.status, res.text).toBe(429);
  expect(res.body.detail).toBe(detail);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(HOUR_SECONDS);
  return retryAfter;
}

describe('share-link uploads, counted in files and bytes', () => {
  it('the probe of issue #40: calls of 20 files from one address are refused at the 16th (300 files), not after 17', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = signer(client, checklist.id);
    for (let call = 1; call <= 15; call++) expect((await sign('203.0.113.7', files(MAX_UPLOADS_PER_REQUEST))).status, `call ${call}`).toBe(201);
    expect(await uploadsOf(checklist.id)).toBe(300);
    expectRefused(
      await sign('203.0.113.7', files(MAX_UPLOADS_PER_REQUEST)),
      'Too many uploads from this address through share links: this asks for 20 files, 0 of 300 an hour left; nothing was signed',
    );
    expectRefused(await sign('203.0.113.7', files(1)), 'Too many uploads from this address through share links: this asks for 1 file, 0 of 300 an hour left; nothing was signed');
    expect(await uploadsOf(checklist.id)).toBe(300);
    // Another address goes on through the same link.
    expect((await sign('203.0.113.8', files(MAX_UPLOADS_PER_REQUEST))).status).toBe(201);
  });

  it('a call asking for more files than remain is refused whole; one that fits goes; an hour later there is room again', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = signer(client, checklist.id);
    for (let call = 0; call < 14; call++) expect((await sign('198.51.100.4', files(20))).status).toBe(201);
    expect((await sign('198.51.100.4', files(15))).status).toBe(201);
    const retryAfter = expectRefused(
      await sign('198.51.100.4', files(20)),
      'Too many uploads from this address through share links: this asks for 20 files, 5 of 300 an hour left; nothing was signed',
    );
    expect(await uploadsOf(checklist.id)).toBe(295);
    const fits = await sign('198.51.100.4', files(5));
    expect(fits.status, fits.text).toBe(201);
    expect(fits.body).toHaveLength(5);
    expect(await uploadsOf(checklist.id)).toBe(300);
    // Retry-After is when the first calls leave the window, and then the refused call fits.
    await server.clock.shifted(retryAfter * 1000, async () => {
      expect((await sign('198.51.100.4', files(20))).status).toBe(201);
    });
  });

  it('bytes per address: 20 files of 25 MB twice (1000 MB), the third call is refused by its 1 GiB an hour', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = signer(client, checklist.id);
    expect((await sign('192.0.2.10', files(20, MAX_UPLOAD_BYTES))).status).toBe(201);
    expect((await sign('192.0.2.10', files(20, MAX_UPLOAD_BYTES))).status).toBe(201);
    expectRefused(
      await sign('192.0.2.10', files(20, MAX_UPLOAD_BYTES)),
      'Too many uploads from this address through share links: this asks for 500.0 MB, 24.0 MB of 1.0 GB an hour left; nothing was signed',
    );
    expect(await uploadsOf(checklist.id)).toBe(40);
    // What is left still takes a smaller file.
    expect((await sign('192.0.2.10', files(1, 24 * 1024 * 1024))).status).toBe(201);
    expectRefused(await sign('192.0.2.10', files(1, 10)), 'Too many uploads from this address through share links: this asks for 10 bytes, 0 bytes of 1.0 GB an hour left; nothing was signed');
  });

  it('bytes per link: 4 GiB an hour through one link whatever the addresses; another link goes on', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = signer(client, checklist.id);
    // 500 MB a call, two calls an address: eight calls are 4000 MB of the link's 4096.
    for (let call = 0; call < 8; call++) expect((await sign(`192.0.2.${100 + Math.floor(call / 2)}`, files(20, MAX_UPLOAD_BYTES))).status).toBe(201);
    expectRefused(
      await sign('192.0.2.200', files(20, MAX_UPLOAD_BYTES)),
      'Too many uploads through this share link: this asks for 500.0 MB, 96.0 MB of 4.0 GB an hour left; nothing was signed',
    );
    expect(await uploadsOf(checklist.id)).toBe(160);
    const other = await sharedChecklist();
    expect((await signer(other.client, other.checklist.id)('192.0.2.200', files(20, MAX_UPLOAD_BYTES))).status).toBe(201);
  });

  it('files per link: 1000 files an hour through one link whatever the addresses', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = signer(client, checklist.id);
    // 50 calls of 20 small files from ten addresses (100 files each, under their 300).
    for (let call = 0; call < 50; call++) expect((await sign(`198.18.0.${call % 10}`, files(20, 10))).status).toBe(201);
    expectRefused(await sign('198.18.1.1', files(1, 10)), 'Too many uploads through this share link: this asks for 1 file, 0 of 1000 an hour left; nothing was signed');
    expect(await uploadsOf(checklist.id)).toBe(1000);
  });

  it('a refused body or another checklist counts nothing', async () => {
    const { checklist, client } = await sharedChecklist();
    const sign = signer(client, checklist.id);
    for (let i = 0; i < 3; i++) expect((await sign('192.0.2.50', files(21))).status).toBe(422);
    const elsewhere = await sharedChecklist();
    for (let i = 0; i < 3; i++) expect((await signer(client, elsewhere.checklist.id)('192.0.2.50', files(20))).status).toBe(404);
    for (let call = 0; call < 15; call++) expect((await sign('192.0.2.50', files(20))).status).toBe(201);
    expect(await uploadsOf(checklist.id)).toBe(300);
  });
});
