/**
 * Unused uploads are removed (issue #40 item 1): an upload that nothing uses UNUSED_UPLOAD_LIFETIME_MS
 * (24 hours) after signing — no submission's photo, no document's contents (a question's picture and
 * thumbnail, a presentation's page), no user's avatar — is removed by the background pass
 * (services/checklists/unused-uploads.ts, every UPLOAD_CLEANUP_INTERVAL_MS): its file from the store
 * (local disk; on the `api-s3` project, the S3 server) and its row. Used uploads stay, and so do fresh
 * unused ones. Passes are bounded, and two at once share the work without removing a row twice.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, eq, inArray, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../src/server/db/schema.ts';
import { removeUnusedUploads } from '../../../src/server/services/checklists/unused-uploads.ts';
import { storageFor, storageKeyOf } from '../../../src/server/storage/index.ts';
import { fileBytes, makeChecklist, makeDocument, makeShareLink, makeTeam, question, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { localUrl, postUpload, type SignedUpload } from '../support/uploads.ts';
import { onS3 } from '../support/s3-server.ts';
import { uploadAvatar } from '../avatars/support.ts';
import { page } from '../presentations/support.ts';
import { shareClient, shareSubmit } from '../share-links/support.ts';
import { submit } from './support.ts';

const server = useTestServer({ env: { UPLOAD_CLEANUP_INTERVAL_MS: '100' } });
const DAY_MS = 24 * 60 * 60 * 1000;
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const rowOf = async (id: string) => (await server.db.select().from(uploads).where(eq(uploads.id, id)))[0];

/** Whether the upload's file is in the store: on disk (local driver) or in the S3 server (`api-s3`). */
async function fileExists(row: NonNullable<Awaited<ReturnType<typeof rowOf>>>): Promise<boolean> {
  const key = storageKeyOf(row);
  const stored = (await storageFor(server.config).inspect(key)) !== undefined;
  if (!onS3()) {
    const onDisk = await access(join(server.config.dataDir, 'uploads', key)).then(() => true, () => false);
    expect(onDisk).toBe(stored);
  }
  return stored;
}

/** Signs one file through a share link and posts it: a complete upload that nothing uses yet. */
async function shareUpload(client: ReturnType<typeof shareClient>, checklistId: string): Promise<string> {
  const res = await client.post(`documentation/documents/${checklistId}/sign-content-upload`, [{ filename: 'p.jpg', file_size: 300, content_type: 'image/jpeg' }]);
  expect(res.status, res.text).toBe(201);
  const signed = res.body[0] as SignedUpload;
  expect((await postUpload(server, signed, fileBytes('image/jpeg', 300))).status).toBe(204);
  return signed.upload_id;
}

describe('the clean-up of unused uploads', () => {
  it('removes, file and row, an upload unused a day after signing; keeps used ones and fresh unused ones', async () => {
    const checklist = await makeChecklist(team.admin, { q: question('true/false', { photoVerification: true }) });
    const link = await makeShareLink(team.admin, checklist.id);
    const client = shareClient(server, link.token as string);

    // Used: a member's submitted photo, a share link's submitted photo, a question's picture and
    // thumbnail, a presentation's page and its thumbnail, an avatar.
    const memberPhoto = await uploadFile(server, team.member, checklist.id, 'image/jpeg');
    expect((await submit(team.member, checklist.id, { q: { value: true, media: [memberPhoto] } })).status).toBe(201);
    const linkPhoto = await shareUpload(client, checklist.id);
    expect((await shareSubmit(client, checklist.id, { q: { value: true, media: [linkPhoto] } })).status).toBe(201);
    const picture = await uploadFile(server, team.admin, checklist.id, 'image/png');
    const thumb = await uploadFile(server, team.admin, checklist.id, 'image/png', 64);
    const questions = { q: question('true/false', { photoVerification: true, media: picture, media_thumb: thumb, content_type: 'image/png', filename: 'q.png' }) };
    const republished = await team.admin.api.put(`documentation/documents/${checklist.id}`, { version: 1, contents: { questions, question_index: ['q'] } });
    expect(republished.status, republished.text).toBe(200);
    const deck = await makeDocument(team.admin, 'root', 'presentation', 'Deck');
    const pageImage = await uploadFile(server, team.admin, deck.id, 'image/jpeg');
    const pageThumb = await uploadFile(server, team.admin, deck.id, 'image/jpeg', 128);
    const saved = await team.admin.api.put(`documentation/documents/${deck.id}`, {
      version: 1,
      contents: { pages: { p1: page('p1', { media: pageImage, media_thumb: pageThumb }) }, page_index: ['p1'] },
    });
    expect(saved.status, saved.text).toBe(200);
    const avatar = await uploadAvatar(server, team.member);
    expect((await team.member.api.put('auth/me', { avatar })).status).toBe(200);
    const used = [memberPhoto, linkPhoto, picture, thumb, pageImage, pageThumb, avatar];

    // Unused: a share link's photo never submitted, a member's, one that never arrived, an avatar never set.
    const unusedLinkPhoto = await shareUpload(client, checklist.id);
    const unusedMemberPhoto = await uploadFile(server, team.member, checklist.id, 'image/jpeg');
    const neverArrived = (await client.post(`documentation/documents/${checklist.id}/sign-content-upload`, [{ filename: 'n.jpg', file_size: 10, content_type: 'image/jpeg' }])).body[0].upload_id as string;
    const unusedAvatar = await uploadAvatar(server, team.roleMember);
    const unused = [unusedLinkPhoto, unusedMemberPhoto, neverArrived, unusedAvatar];

    const rows = new Map(await Promise.all([...used, ...unused].map(async (id) => [id, (await rowOf(id))!] as const)));
    for (const id of [...used, unusedLinkPhoto, unusedMemberPhoto, unusedAvatar]) expect(await fileExists(rows.get(id)!), id).toBe(true);
    // The pass runs every 100 ms: nothing is removed while they are fresh.
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const id of unused) expect(await rowOf(id), id).toBeDefined();

    // A day and an hour later, a fresh unused upload is signed; the pass removes the old unused ones only.
    server.clock.advance(DAY_MS + 60 * 60 * 1000);
    const fresh = await shareUpload(client, checklist.id);
    await expect.poll(async () => (await server.db.select({ n: count() }).from(uploads).where(inArray(uploads.id, unused)))[0]!.n, { timeout: 10_000 }).toBe(0);
    for (const id of unused) expect(await fileExists(rows.get(id)!), id).toBe(false);
    for (const id of used) {
      expect(await rowOf(id), id).toBeDefined();
      expect(await fileExists(rows.get(id)!), id).toBe(true);
    }
    const freshRow = await rowOf(fresh);
    expect(freshRow).toBeDefined();
    expect(await fileExists(freshRow!)).toBe(true);

    // What uses them still works: the member's avatar and the submitted photo are served.
    const me = await team.member.api.get('auth/me');
    expect((await fetch(localUrl(server, me.body.avatar_url as string))).status).toBe(200);
    expect((await team.admin.api.get(`documentation/documents/${checklist.id}/media/${memberPhoto}`)).status).toBe(200);
  });

  it('a pass is bounded, and two passes at once share the work: each unused upload removed once', async () => {
    const checklist = await makeChecklist(team.admin, { q: question('true/false', { photoVerification: true }) });
    const client = shareClient(server, (await makeShareLink(team.admin, checklist.id)).token as string);
    const signed = await client.post(
      `documentation/documents/${checklist.id}/sign-content-upload`,
      Array.from({ length: 12 }, (_, i) => ({ filename: `p${i}.jpg`, file_size: 100, content_type: 'image/jpeg' })),
    );
    expect(signed.status).toBe(201);
    // Passes run here at a moment a day after these were signed (the server's own pass, a day earlier, keeps them).
    const later = new Date(server.clock.now().getTime() + DAY_MS + 60_000);
    const candidates = async () =>
      (
        await server.db
          .select({ n: count() })
          .from(uploads)
          .where(and(eq(uploads.inUse, false), lt(uploads.createdAt, new Date(later.getTime() - server.config.unusedUploadLifetimeMs))))
      )[0]!.n;
    const before = await candidates();
    expect(before).toBeGreaterThanOrEqual(12);
    expect(await removeUnusedUploads(server.deps, later, { batchSize: 2, batches: 3 })).toBe(6);
    expect(await candidates()).toBe(before - 6);
    const [a, b] = await Promise.all([
      removeUnusedUploads(server.deps, later, { batchSize: 3, batches: 100 }),
      removeUnusedUploads(server.deps, later, { batchSize: 3, batches: 100 }),
    ]);
    expect(a + b).toBe(before - 6);
    expect(await candidates()).toBe(0);
    const ids = (signed.body as SignedUpload[]).map((s) => s.upload_id);
    expect((await server.db.select({ n: count() }).from(uploads).where(inArray(uploads.id, ids)))[0]!.n).toBe(0);
  });
});
