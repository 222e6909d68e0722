/**
 * Media at scale (issue #14): page files through either storage driver. Runs in `api` (local driver)
 * and `api-s3` (the S3 driver against a local S3-compatible server, tests/api/support/s3-server.ts).
 * On S3: the presigned POST names exactly one key, the exact size (content-length-range min = max) and
 * the exact type; the browser posts to the bucket; an upload is confirmed on first use (HEAD + a ranged
 * GET of its first bytes) — and a file of another size or type than signed, which a store might let
 * through, is never confirmed, so no page can show it. Ranged reads serve video seeking on both.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CONTENT_TYPES } from '../../../src/shared/constants.ts';
import { uploads } from '../../../src/server/db/schema.ts';
import { fileBytes, makeDocument, makeTeam, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { onS3, policyOf, S3_BUCKET } from '../support/s3-server.ts';
import { postUpload, signOne } from '../support/uploads.ts';
import { page } from './support.ts';

const server = useTestServer();
let team: Team;
let deck: { id: string };

beforeAll(async () => {
  team = await makeTeam(server);
  deck = await makeDocument(team.admin, 'root', 'presentation', 'Deck');
});

const uploadRow = async (id: string) => (await server.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
const media = (id: string, headers: Record<string, string> = {}) =>
  fetch(`${server.apiUrl}/documentation/documents/${deck.id}/media/${id}`, { headers: { authorization: `Bearer ${team.admin.token}`, ...headers } });
const putPage = async (mediaId: string, contentType = 'image/png') => {
  const version = (await team.admin.api.get(`documentation/documents/${deck.id}`)).body.version;
  return team.admin.api.put(`documentation/documents/${deck.id}`, {
    version,
    contents: { pages: { p1: page('p1', { media: mediaId, content_type: contentType }) }, page_index: ['p1'] },
  });
};

describe('a page file, whichever the storage driver', () => {
  it.skipIf(onS3())("the local driver's uploads go to this origin: connect-src 'self' only", async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });

  it('is served whole and by ranges (206, video seeking)', async () => {
    const id = await uploadFile(server, team.admin, deck.id, 'video/mp4', 4000);
    const whole = await media(id);
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(fileBytes('video/mp4', 4000));
    const part = await media(id, { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/4000');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(fileBytes('video/mp4', 4000).subarray(1000, 2000));
    const tail = await media(id, { range: 'bytes=-10' });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(fileBytes('video/mp4', 4000).subarray(3990));
    expect((await putPage(id, 'video/mp4')).status).toBe(200);
  });
});

describe.runIf(onS3())('the S3 driver', () => {
  it('signs a POST to the bucket for exactly this key, size and type, until expires_at', async () => {
    const signed = await signOne(team.admin, deck.id, { filename: 'front.jpg', file_size: 1234, content_type: 'image/jpeg' });
    expect(signed.url).toBe(`${server.config.storage.driver === 's3' ? server.config.storage.endpoint : ''}/${S3_BUCKET}`);
    expect(signed.fields).toMatchObject({ key: `${team.org.id}/${signed.upload_id}`, 'Content-Type': 'image/jpeg', success_action_status: '204' });
    expect(signed.fields['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
    expect(signed.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = policyOf(signed.fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1234, 1234],
        { 'Content-Type': 'image/jpeg' },
        { bucket: S3_BUCKET },
        { key: `${team.org.id}/${signed.upload_id}` },
      ]),
    );
    expect(Math.abs(Date.parse(policy.expiration) - Date.parse(signed.expires_at))).toBeLessThanOrEqual(2000);
  });

  it('confirms each allowed type on first use, and serves it', async () => {
    for (const type of UPLOAD_CONTENT_TYPES) {
      const signed = await signOne(team.admin, deck.id, { filename: 'f', file_size: 300, content_type: type });
      expect((await postUpload(server, signed, fileBytes(type, 300))).status).toBe(204);
      // Straight to the bucket: the server has not seen it yet.
      expect((await uploadRow(signed.upload_id)).completedAt).toBeNull();
      const served = await media(signed.upload_id);
      expect(served.status, type).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(fileBytes(type, 300));
      expect((await uploadRow(signed.upload_id)).completedAt).not.toBeNull();
    }
  });

  it('a page can show an upload as soon as it is in the bucket (confirmed by the save)', async () => {
    const signed = await signOne(team.admin, deck.id, { filename: 'p.png', file_size: 256, content_type: 'image/png' });
    expect((await putPage(signed.upload_id)).status).toBe(422);
    expect((await postUpload(server, signed, fileBytes('image/png', 256))).status).toBe(204);
    const saved = await putPage(signed.upload_id);
    expect(saved.status, saved.text).toBe(200);
    expect((await uploadRow(signed.upload_id)).completedAt).not.toBeNull();
  });

  it('never confirms a file of another size or type than signed, whatever the store let through', async () => {
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ['a PDF signed as a PNG', fileBytes('application/pdf', 256)],
      ['a larger file', fileBytes('image/png', 300)],
      ['a smaller file', fileBytes('image/png', 200)],
    ];
    for (const [what, bytes] of cases) {
      const signed = await signOne(team.admin, deck.id, { filename: 'p.png', file_size: 256, content_type: 'image/png' });
      await postUpload(server, signed, bytes);
      expect((await media(signed.upload_id)).status, what).toBe(404);
      const saved = await putPage(signed.upload_id);
      expect(saved.status, what).toBe(422);
      expect(saved.body.detail).toBe('contents.pages.p1.media: is not a file uploaded to this document');
      expect((await uploadRow(signed.upload_id)).completedAt, what).toBeNull();
    }
  });

  it("lets the pages send uploads to the bucket (the shells' Content-Security-Policy connect-src)", async () => {
    const res = await fetch(`${server.url}/login`);
    const endpoint = server.config.storage.driver === 's3' ? server.config.storage.endpoint! : '';
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${new URL(endpoint).origin};`);
  });

  it('avatars live in the bucket too', async () => {
    const signed = (await team.member.api.post('users/sign-avatar-upload', { filename: 'me.png', file_size: 500, content_type: 'image/png' })).body;
    expect(signed.fields.key).toBe(`avatars/${signed.upload_id}`);
    expect((await postUpload(server, signed, fileBytes('image/png', 500))).status).toBe(204);
    const set = await team.member.api.put('auth/me', { avatar: signed.upload_id });
    expect(set.status, set.text).toBe(200);
    const served = await fetch(set.body.avatar_url.replace('https://ringbinder.test', server.url));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fileBytes('image/png', 500));
  });
});
