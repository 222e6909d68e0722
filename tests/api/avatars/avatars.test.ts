/**
 * Avatars (accounts §7 users/sign-avatar-upload, PUT auth/me {avatar}; services/avatars.ts): signing a
 * picture (images only, 2 MB), setting and clearing it, refusing someone else's upload, and serving it by
 * a signed, expiring address minted only for people who share an organisation with its owner.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../../../src/server/db/schema.ts';
import { AVATAR_URL_WINDOW_SECONDS, avatarUrlForViewer, takeOverAvatar } from '../../../src/server/services/avatars.ts';
import { AVATAR_MAX_BYTES } from '../../../src/shared/constants.ts';
import { createOrg, fileBytes, makeChecklist, memberOf, missingId, orgWithAdmin, question, registerAndActivate, type TestUser, uploadFile } from '../support/factories.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';
import { onS3 } from '../support/s3-server.ts';
import { localUrl, postUpload } from '../support/uploads.ts';
import { signAvatar, uploadAvatar } from './support.ts';

const server = useTestServer();
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
  member = await memberOf(server, admin);
  ({ admin: outsider } = await orgWithAdmin(server));
});

const uploadRow = async (id: string) => (await server.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const fileOf = (uploadId: string) => join(server.config.dataDir, 'uploads', 'avatars', uploadId);
const exists = (path: string) => access(path).then(() => true, () => false);
const me = async (user: TestUser) => (await user.api.get('auth/me')).body as { avatar: string | null; avatar_url: string | null };
const fetchUrl = (url: string) => fetch(localUrl(server, url));

describe('POST users/sign-avatar-upload', () => {
  // The local driver's url, fields and files; on S3: tests/api/presentations/storage.test.ts.
  it.skipIf(onS3())('signs one picture for any member: {upload_id, url, fields} kept under avatars/{id}, the caller\'s, of no organisation', async () => {
    const res = await member.api.post('users/sign-avatar-upload', { filename: 'me.webp', file_size: 1234, content_type: 'Image/WebP' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ upload_id: expect.any(String), url: `${PUBLIC_URL}/api/v1/uploads`, expires_at: expect.any(String) });
    expect(res.body.fields).toMatchObject({ key: `avatars/${res.body.upload_id}`, file_size: '1234', content_type: 'image/webp' });
    expect(await uploadRow(res.body.upload_id)).toMatchObject({
      purpose: 'avatar',
      userId: member.id,
      createdBy: member.id,
      orgId: null,
      documentId: null,
      size: 1234,
      completedAt: null,
    });
  });

  it.each([
    ['a PDF', { content_type: 'application/pdf' }, 'An avatar must be a picture (JPEG, PNG, WebP or GIF)'],
    ['a video', { content_type: 'video/mp4' }, 'An avatar must be a picture (JPEG, PNG, WebP or GIF)'],
    ['an SVG', { content_type: 'image/svg+xml' }, 'An avatar must be a picture (JPEG, PNG, WebP or GIF)'],
    ['no type', { content_type: undefined }, 'An avatar must be a picture (JPEG, PNG, WebP or GIF)'],
    ['over 2 MB', { file_size: AVATAR_MAX_BYTES + 1 }, 'An avatar may be at most 2 MB'],
    ['empty', { file_size: 0 }, 'A file must not be empty'],
    ['a size that is not a number', { file_size: '12' }, 'file_size: file_size must be a whole number of bytes'],
    ['a fractional size', { file_size: 1.5 }, 'file_size: file_size must be a whole number of bytes'],
    ['no name', { filename: '  ' }, 'A file needs a name'],
    ['a name too long', { filename: `${'x'.repeat(252)}.png` }, "A file's name may be at most 255 characters"],
    ['a field of its own', { document_id: missingId() }, 'Unrecognized key: "document_id"'],
  ])('refuses %s with 422 naming the field', async (_what, change, detail) => {
    const body = { filename: 'me.png', file_size: 100, content_type: 'image/png', ...change };
    const res = await member.api.post('users/sign-avatar-upload', body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toContain(detail);
    // An unknown key is the body's problem (field ''), named in the detail.
    expect(res.body.errors[0].field).toBe('document_id' in change ? '' : Object.keys(change)[0]);
  });

  it('refuses a body that is not an object, and callers who are not signed in', async () => {
    expect((await member.api.post('users/sign-avatar-upload', [{ filename: 'me.png', file_size: 1, content_type: 'image/png' }])).status).toBe(422);
    expect((await server.client().post('users/sign-avatar-upload', { filename: 'me.png', file_size: 1, content_type: 'image/png' })).status).toBe(401);
  });

  it('a signed-in user with no organization yet chooses an avatar: signed, uploaded under avatars/{id}, set and served (issue 28)', async () => {
    const loner = await registerAndActivate(server);
    const res = await loner.api.post('users/sign-avatar-upload', { filename: 'me.png', file_size: 400, content_type: 'image/png' });
    expect(res.status, res.text).toBe(201);
    expect(await uploadRow(res.body.upload_id)).toMatchObject({ purpose: 'avatar', userId: loner.id, orgId: null });
    if (!onS3()) expect(res.body.fields).toMatchObject({ key: `avatars/${res.body.upload_id}` });
    expect((await postUpload(server, res.body, fileBytes('image/png', 400))).status).toBe(204);
    const set = await loner.api.put('auth/me', { avatar: res.body.upload_id });
    expect(set.status, set.text).toBe(200);
    expect(await me(loner)).toMatchObject({ avatar: res.body.upload_id, avatar_url: set.body.avatar_url });
    const served = await fetchUrl(set.body.avatar_url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fileBytes('image/png', 400));
  });

  it.skipIf(onS3())('the file must be the picture signed for: a PDF posted as a PNG is refused and the upload stays incomplete', async () => {
    const signed = await signAvatar(member, 'image/png', 300);
    const res = await postUpload(server, signed, fileBytes('application/pdf', 300));
    expect(res.status).toBe(422);
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
    const set = await member.api.put('auth/me', { avatar: signed.upload_id });
    expect(set.status).toBe(422);
    expect(set.body.detail).toBe('avatar: has not finished uploading');
  });
});

describe('PUT auth/me {avatar}', () => {
  it('sets a completed avatar upload of the caller\'s: auth/me answers its id and an address that serves the picture', async () => {
    const user = await memberOf(server, admin);
    const id = await uploadAvatar(server, user, 'image/png', 500);
    const res = await user.api.put('auth/me', { avatar: id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ avatar: id, avatar_url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/v1/avatars/${user.id}/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`)) });
    expect(await me(user)).toMatchObject({ avatar: id, avatar_url: res.body.avatar_url });

    const served = await fetchUrl(res.body.avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fileBytes('image/png', 500));
  });

  it.skipIf(onS3())('a new picture replaces the old one, whose row, file and address go; null clears it', async () => {
    const user = await memberOf(server, admin);
    const first = await uploadAvatar(server, user);
    const firstUrl = (await user.api.put('auth/me', { avatar: first })).body.avatar_url as string;
    expect(await exists(fileOf(first))).toBe(true);

    const second = await uploadAvatar(server, user, 'image/jpeg');
    const res = await user.api.put('auth/me', { avatar: second, full_name: 'Pictured Person' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ avatar: second, full_name: 'Pictured Person' });
    expect(await uploadRow(first)).toBeUndefined();
    expect(await exists(fileOf(first))).toBe(false);
    expect((await fetchUrl(firstUrl)).status).toBe(404);
    expect((await fetchUrl(res.body.avatar_url)).status).toBe(200);

    // Sending the same picture again changes nothing; other fields leave the avatar alone.
    expect((await user.api.put('auth/me', { avatar: second })).body.avatar).toBe(second);
    expect((await user.api.put('auth/me', { full_name: 'Still Pictured' })).body.avatar).toBe(second);

    const cleared = await user.api.put('auth/me', { avatar: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ avatar: null, avatar_url: null });
    expect(await uploadRow(second)).toBeUndefined();
    expect(await exists(fileOf(second))).toBe(false);
    expect((await fetchUrl(res.body.avatar_url)).status).toBe(404);
    expect((await user.api.put('auth/me', { avatar: null })).status).toBe(200);
  });

  it("refuses someone else's upload, a document's upload, an unknown id and a non-id with 422 naming avatar, and changes nothing", async () => {
    const user = await memberOf(server, admin);
    const mine = await uploadAvatar(server, user);
    await user.api.put('auth/me', { avatar: mine });
    const theirs = await uploadAvatar(server, member);
    const checklist = await makeChecklist(admin, { q: question('true/false', { photoVerification: true }) });
    const documentUpload = await uploadFile(server, user, checklist.id);
    for (const avatar of [theirs, documentUpload, missingId()]) {
      const res = await user.api.put('auth/me', { avatar, full_name: 'Should Not Stick' });
      expect(res.status, res.text).toBe(422);
      expect(res.body.detail).toBe('avatar: is not a picture you uploaded for your avatar');
      expect(res.body.errors).toEqual([{ field: 'avatar', message: 'is not a picture you uploaded for your avatar' }]);
    }
    const bad = await user.api.put('auth/me', { avatar: 'not-an-id' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/^avatar: /);
    const after = (await server.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(after.avatar).toBe(mine);
    expect(after.fullName).not.toBe('Should Not Stick');
    // The other member's picture is still theirs, unset.
    expect(await uploadRow(theirs)).toMatchObject({ userId: member.id });
  });

  it("is the user's, whichever organisation is current (a user of several)", async () => {
    const user = await memberOf(server, admin);
    await createOrg(user);
    const id = await uploadAvatar(server, user);
    expect((await user.api.put('auth/me', { avatar: id })).status).toBe(200);
    expect((await me(user)).avatar).toBe(id);
  });
});

describe('serving an avatar', () => {
  let owner: TestUser;
  let url: string;
  let avatar: string;

  beforeAll(async () => {
    owner = await memberOf(server, admin);
    avatar = await uploadAvatar(server, owner);
    url = (await owner.api.put('auth/me', { avatar })).body.avatar_url;
  });

  it('the address repeats within its window (cacheable), expires after it, and a new one is minted then', async () => {
    expect((await me(owner)).avatar_url).toBe(url);
    const expires = Number(new URL(url).searchParams.get('expires'));
    const now = Date.now() / 1000;
    expect(expires % AVATAR_URL_WINDOW_SECONDS).toBe(0);
    expect(expires - now).toBeGreaterThan(AVATAR_URL_WINDOW_SECONDS - 5);
    expect(expires - now).toBeLessThanOrEqual(2 * AVATAR_URL_WINDOW_SECONDS);

    await server.clock.shifted(2 * AVATAR_URL_WINDOW_SECONDS * 1000 + 1000, async () => {
      const expired = await fetchUrl(url);
      expect(expired.status).toBe(403);
      expect(await expired.json()).toMatchObject({ detail: 'This avatar link has expired' });
      const fresh = (await me(owner)).avatar_url!;
      expect(fresh).not.toBe(url);
      expect((await fetchUrl(fresh)).status).toBe(200);
    });
  });

  it('refuses a forged or altered address with 403, and no address is anything without its signature', async () => {
    const u = new URL(url);
    const signature = u.searchParams.get('signature')!;
    const expires = u.searchParams.get('expires')!;
    const variants = [
      url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      url.replace(`expires=${expires}`, `expires=${Number(expires) + AVATAR_URL_WINDOW_SECONDS}`),
      url.replace(`/avatars/${owner.id}/`, `/avatars/${member.id}/`),
      url.replace(`signature=${signature}`, 'signature=nothex'),
      url.split('?')[0]!,
      `${url.split('&')[0]!}`,
    ];
    for (const forged of variants) {
      const res = await fetchUrl(forged);
      expect(res.status, forged).toBe(403);
      expect(await res.json()).toMatchObject({ detail: 'This avatar link is not valid' });
    }
    expect((await fetchUrl(`${PUBLIC_URL}/api/v1/avatars/x/y?expires=1&signature=${'0'.repeat(64)}`)).status).toBe(403);
  });

  it('is minted only for people who share an organisation with the user (themself included), not for a member of another', async () => {
    const [row] = await server.db.select({ id: users.id, avatar: users.avatar }).from(users).where(eq(users.id, owner.id));
    const now = server.clock.now();
    expect(await avatarUrlForViewer(server.db, server.config, owner.id, row!, now)).toBe(url);
    expect(await avatarUrlForViewer(server.db, server.config, member.id, row!, now)).toBe(url);
    expect(await avatarUrlForViewer(server.db, server.config, admin.id, row!, now)).toBe(url);
    expect(await avatarUrlForViewer(server.db, server.config, outsider.id, row!, now)).toBeNull();
    // Through the API: another organisation's admin cannot look the user up at all.
    const lookedUp = await outsider.api.get(`users/${owner.id}`);
    expect(lookedUp.status).toBe(404);
    expect(lookedUp.text).not.toContain(avatar);
  });
});

describe('takeOverAvatar (an admin creating a user with a picture the admin uploaded)', () => {
  it("hands the admin's completed avatar upload to the new user; anyone else's upload is refused (422 avatar)", async () => {
    const picture = await uploadAvatar(server, admin);
    const newcomer = await registerAndActivate(server);
    await server.db.transaction((tx) =>
      takeOverAvatar(tx, server.config, { uploadId: picture, uploaderId: admin.id, userId: newcomer.id, now: server.clock.now() }),
    );
    expect(await uploadRow(picture)).toMatchObject({ userId: newcomer.id, createdBy: admin.id });
    const mine = await me(newcomer);
    expect(mine.avatar).toBe(picture);
    expect((await fetchUrl(mine.avatar_url!)).status).toBe(200);

    const theirs = await uploadAvatar(server, member);
    const other = await registerAndActivate(server);
    await expect(
      server.db.transaction((tx) => takeOverAvatar(tx, server.config, { uploadId: theirs, uploaderId: admin.id, userId: other.id, now: server.clock.now() })),
    ).rejects.toMatchObject({ status: 422 });
    // Once handed over, it is no longer the admin's to hand again.
    await expect(
      server.db.transaction((tx) => takeOverAvatar(tx, server.config, { uploadId: picture, uploaderId: admin.id, userId: other.id, now: server.clock.now() })),
    ).rejects.toMatchObject({ status: 422 });
    expect((await me(other)).avatar).toBeNull();
  });
});
