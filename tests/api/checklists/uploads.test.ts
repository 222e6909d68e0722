/**
 * Signed uploads: POST documentation/documents/{id}/sign-content-upload, the multipart POST to `url`
 * (the default driver's own route), its refusals (too big, wrong type by magic bytes, bad signature,
 * expired, size mismatch, twice), and serving the files — by bearer token to readers, and by a
 * short-lived signed address for <img> and <video> — with their headers.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MEDIA_URL_SECONDS, UPLOAD_CONTENT_TYPES, UPLOAD_SIGNATURE_SECONDS } from '../../../src/shared/constants.ts';
import { uploads } from '../../../src/server/db/schema.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';
import { rawRequest } from '../support/http.ts';
import { submit } from './support.ts';
import { localUrl, postUpload, signOne } from '../support/uploads.ts';
import { onS3 } from '../support/s3-server.ts';
import { fileBytes, grant, makeChecklist, makeDocument, makeFolder, makeTeam, missingId, Permission, question, revoke, setAcl, type Team, uploadFile } from '../support/factories.ts';

const server = useTestServer();
let team: Team;
let checklist: { id: string };

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, { q: question('true/false', { photoVerification: true }) });
});

const sign = (documentId: string, body: unknown, user = team.member) => user.api.post(`documentation/documents/${documentId}/sign-content-upload`, body);
const uploadRow = async (id: string) => (await server.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const storedFiles = async () => {
  const root = join(server.config.dataDir, 'uploads', team.org.id);
  return readdir(root).catch(() => [] as string[]);
};

describe('POST documentation/documents/{id}/sign-content-upload', () => {
  // The local driver's url and fields; the S3 driver's policy: tests/api/presentations/storage.test.ts.
  it.skipIf(onS3())('answers {upload_id, url, fields, expires_at} per file (201) and records each upload', async () => {
    const files = [
      { filename: 'front.jpg', file_size: 1234, content_type: 'image/jpeg' },
      { filename: 'Rapport – März.pdf', file_size: 99, content_type: 'Application/PDF' },
    ];
    const res = await sign(checklist.id, files);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toHaveLength(2);
    for (const [i, signed] of (res.body as { upload_id: string; url: string; fields: Record<string, string>; expires_at: string }[]).entries()) {
      expect(signed.url).toBe(`${PUBLIC_URL}/api/v1/uploads`);
      expect(Object.keys(signed.fields).sort()).toEqual(['content_type', 'expires', 'file_size', 'key', 'signature']);
      expect(signed.fields).toMatchObject({
        key: `${team.org.id}/${signed.upload_id}`,
        file_size: String(files[i]!.file_size),
        content_type: files[i]!.content_type.toLowerCase(),
      });
      expect(Number(signed.fields.expires) * 1000).toBe(Date.parse(signed.expires_at));
      expect(Date.parse(signed.expires_at) - Date.now()).toBeGreaterThan((UPLOAD_SIGNATURE_SECONDS - 60) * 1000);
      expect(await uploadRow(signed.upload_id)).toMatchObject({
        orgId: team.org.id,
        documentId: checklist.id,
        filename: files[i]!.filename,
        size: files[i]!.file_size,
        createdBy: team.member.id,
        completedAt: null,
      });
    }
  });

  it('Read is enough on a checklist; other doctypes need Write; no Read → 404', async () => {
    const slides = await makeDocument(team.admin, 'root', 'presentation');
    const file = [{ filename: 'page.png', file_size: 10, content_type: 'image/png' }];
    expect((await sign(checklist.id, file)).status).toBe(201);
    const refused = await sign(slides.id, file);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: "You need 'Write' permission to add media to this document" });
    expect((await sign(slides.id, file, team.admin)).status).toBe(201);
    const folder = await makeFolder(team.admin);
    const closed = await makeChecklist(team.admin, { q: question('true/false') }, folder.id);
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.org.id, Permission.Read), grant(team.role.id, Permission.Read)]);
    expect((await sign(closed.id, file)).body).toMatchObject({ detail: 'Document not found' });
    expect((await sign(closed.id, file, team.roleMember)).status).toBe(201);
    expect((await server.client().post(`documentation/documents/${checklist.id}/sign-content-upload`, file)).status).toBe(401);
  });

  it('refuses what may not be uploaded: too big, another type, too many, nothing — 422 naming the field', async () => {
    const ok = { filename: 'a.png', file_size: 10, content_type: 'image/png' };
    const cases: [unknown, string][] = [
      [[{ ...ok, file_size: MAX_UPLOAD_BYTES + 1 }], 'A file may be at most 25 MB'],
      [[{ ...ok, file_size: 0 }], 'A file must not be empty'],
      [[{ ...ok, file_size: 1.5 }], '0.file_size'],
      [[{ ...ok, content_type: 'text/html' }], 'Only pictures (JPEG, PNG, WebP, GIF), PDF documents and MP4 videos can be uploaded'],
      [[{ ...ok, content_type: 'image/svg+xml' }], 'can be uploaded'],
      [[ok, { ...ok, content_type: undefined }], '1.content_type: Field required'],
      [[{ ...ok, filename: '  ' }], 'A file needs a name'],
      [[], 'give at least one file'],
      [Array(21).fill(ok), 'at most 20 files at once'],
      [ok, 'the body must be a list of {filename, file_size, content_type}'],
    ];
    for (const [body, detail] of cases) {
      const res = await sign(checklist.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(422);
      expect(res.body.detail).toContain(detail);
    }
  });
});

// Our own upload route, the local driver's (on S3 the browser posts to the bucket: presentations/storage.test.ts).
describe.skipIf(onS3())('POST /api/v1/uploads (the multipart POST to url)', () => {
  it('takes each allowed type when its bytes say so (204) and marks the upload complete', async () => {
    for (const type of UPLOAD_CONTENT_TYPES) {
      const signed = await signOne(team.member, checklist.id, { file_size: 300, content_type: type });
      const res = await postUpload(server, signed, fileBytes(type, 300), type);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(204);
      expect((await uploadRow(signed.upload_id))!.completedAt).toBeInstanceOf(Date);
    }
    expect((await storedFiles()).length).toBeGreaterThanOrEqual(UPLOAD_CONTENT_TYPES.length);
  });

  it('refuses a file whose bytes are not the signed type (422), and a signed type it cannot hold', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const jpeg = await postUpload(server, signed, fileBytes('image/jpeg'), 'image/png');
    expect(jpeg.status).toBe(422);
    expect(jpeg.body).toMatchObject({ detail: "The file's contents are not image/png (they are image/jpeg)" });
    const html = new TextEncoder().encode(`<html><script>alert(1)</script>${' '.repeat(256)}`).slice(0, 256);
    const script = await postUpload(server, signed, new Uint8Array(html), 'image/png');
    expect(script.status).toBe(422);
    expect(script.body).toMatchObject({ detail: "The file's contents are not image/png" });
    // A HEIC picture is an ISO media file too, but not an MP4.
    const heic = fileBytes('video/mp4');
    heic.set(new TextEncoder().encode('heic'), 8);
    const video = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'video/mp4' });
    expect((await postUpload(server, video, heic)).status).toBe(422);
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
  });

  it('refuses a file of another size than signed (422)', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/gif' });
    for (const size of [255, 257]) {
      const res = await postUpload(server, signed, fileBytes('image/gif', size));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ detail: `The file is ${size} bytes; the upload was signed for 256 bytes` });
    }
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
  });

  it('refuses a bad signature: any signed field changed, or the signature itself (403)', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const other = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const tampered: Record<string, string>[] = [
      { ...signed.fields, file_size: '300' },
      { ...signed.fields, content_type: 'application/pdf' },
      { ...signed.fields, expires: String(Number(signed.fields.expires) + 3600) },
      { ...signed.fields, key: other.fields.key! },
      { ...signed.fields, signature: other.fields.signature! },
      { ...signed.fields, signature: 'f'.repeat(64) },
      { ...signed.fields, signature: 'not hex' },
    ];
    for (const fields of tampered) {
      const size = Number(fields.file_size);
      const type = fields.content_type as (typeof UPLOAD_CONTENT_TYPES)[number];
      const res = await postUpload(server, { url: signed.url, fields }, fileBytes(type === 'image/png' || type === 'application/pdf' ? type : 'image/png', size));
      expect(res.status, JSON.stringify(fields)).toBe(403);
      expect(res.body).toMatchObject({ detail: 'The upload signature is not valid' });
    }
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
    expect((await uploadRow(other.upload_id))!.completedAt).toBeNull();
  });

  it('refuses an expired signature (403)', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const res = await server.clock.shifted((UPLOAD_SIGNATURE_SECONDS + 1) * 1000, () => postUpload(server, signed, fileBytes('image/png')));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'The upload link has expired; ask for a new one' });
    const inTime = await server.clock.shifted((UPLOAD_SIGNATURE_SECONDS - 5) * 1000, () => postUpload(server, signed, fileBytes('image/png')));
    expect(inTime.status).toBe(204);
  });

  it('takes an upload once (409 the second time, the first file kept)', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    expect((await postUpload(server, signed, fileBytes('image/png'))).status).toBe(204);
    const again = await postUpload(server, signed, fileBytes('image/png'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: 'This upload has already been received' });
    const concurrent = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postUpload(server, concurrent, fileBytes('image/png'))));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409, 409, 409, 409]);
    const incoming = await readdir(join(server.config.dataDir, 'uploads', '.incoming'));
    expect(incoming).toEqual([]);
  });

  it('refuses a body beyond the largest file (413) before reading it, and what is not a signed multipart form (400)', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const tooBig = await rawRequest(localUrl(server, signed.url), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_UPLOAD_BYTES + 128 * 1024) },
      chunks: ['--x\r\n'],
    });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.text)).toMatchObject({ detail: `A file may be at most ${MAX_UPLOAD_BYTES} bytes` });

    const url = localUrl(server, signed.url);
    const json = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signed.fields) });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ detail: 'An upload is multipart/form-data: the signed fields, then the file' });
    const noFile = new FormData();
    for (const [k, v] of Object.entries(signed.fields)) noFile.append(k, v);
    const missing = await fetch(url, { method: 'POST', body: noFile });
    expect(missing.status).toBe(400);
    const { signature: _, ...unsigned } = signed.fields;
    expect((await postUpload(server, { url: signed.url, fields: unsigned }, fileBytes('image/png'))).status).toBe(400);
    const broken = await fetch(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=zz' }, body: 'not a form' });
    expect(broken.status).toBe(400);
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
  });
});

describe('GET documentation/documents/{id}/media/{upload_id} (bearer)', () => {
  it('sends the file to readers with its type, Content-Disposition, nosniff and a sandbox', async () => {
    const id = await uploadFile(server, team.member, checklist.id, 'image/jpeg', 500);
    const res = await fetch(team.admin.api.url(`documentation/documents/${checklist.id}/media/${id}`), {
      headers: { authorization: `Bearer ${team.roleMember.token}` },
    });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(fileBytes('image/jpeg', 500));
    expect(Object.fromEntries(['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'content-security-policy', 'cache-control', 'accept-ranges'].map((h) => [h, res.headers.get(h)]))).toEqual({
      'content-type': 'image/jpeg',
      'content-length': '500',
      'content-disposition': 'inline; filename="file.jpeg"; filename*=UTF-8\'\'file.jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'no-store',
      'accept-ranges': 'bytes',
    });
  });

  it('sends other files as attachments under their own (cleaned) names', async () => {
    const signed = await signOne(team.member, checklist.id, { filename: 'Prüfbericht "final"/v2.pdf', file_size: 256, content_type: 'application/pdf' });
    expect((await postUpload(server, signed, fileBytes('application/pdf'))).status).toBe(204);
    const res = await team.member.api.get(`documentation/documents/${checklist.id}/media/${signed.upload_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Pr_fbericht _final__v2.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%22final%22_v2.pdf`,
    );
  });

  it('answers byte ranges (206) and unsatisfiable ones (416)', async () => {
    const id = await uploadFile(server, team.member, checklist.id, 'video/mp4', 1000);
    const bytes = fileBytes('video/mp4', 1000);
    const get = (range: string) =>
      fetch(team.member.api.url(`documentation/documents/${checklist.id}/media/${id}`), { headers: { authorization: `Bearer ${team.member.token}`, range } });
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=990-', 990, 999],
      ['bytes=-4', 996, 999],
      ['bytes=995-5000', 995, 999],
    ] as const) {
      const res = await get(range);
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes.slice(start, end + 1));
    }
    const beyond = await get('bytes=1000-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
    expect((await get('bytes=0-1,5-6')).status).toBe(200);
  });

  it('404 for readers without Read, uploads of other documents, unfinished, missing and malformed uploads', async () => {
    const id = await uploadFile(server, team.member, checklist.id);
    const other = await makeChecklist(team.admin, { q: question('true/false') });
    const elsewhere = await uploadFile(server, team.member, other.id);
    const unfinished = (await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' })).upload_id;
    const fileNotFound = { detail: 'File not found' };
    for (const upload of [elsewhere, unfinished, missingId(), 'not-an-id']) {
      const res = await team.member.api.get(`documentation/documents/${checklist.id}/media/${upload}`);
      expect(res.status, upload).toBe(404);
      expect(res.body).toMatchObject(fileNotFound);
    }
    await setAcl(team.admin, 'documents', other.id, [revoke(team.org.id, Permission.Read)]);
    expect((await team.member.api.get(`documentation/documents/${other.id}/media/${elsewhere}`)).body).toMatchObject({ detail: 'Document not found' });
    expect((await team.admin.api.get(`documentation/documents/${other.id}/media/${elsewhere}`)).status).toBe(200);
    expect((await server.client().get(`documentation/documents/${checklist.id}/media/${id}`)).status).toBe(401);
  });
});

describe('GET documentation/documents/{id}/media-urls and the signed address', () => {
  it('gives readers short-lived addresses that work without a token, for <img> and <video>', async () => {
    const id = await uploadFile(server, team.member, checklist.id, 'image/png', 300);
    const unfinished = (await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' })).upload_id;
    const res = await team.roleMember.api.get(`documentation/documents/${checklist.id}/media-urls?upload_id=${id}&upload_id=${unfinished}&upload_id=${missingId()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(1);
    const [link] = res.body.results as { upload_id: string; url: string; expires_at: string }[];
    expect(link!.upload_id).toBe(id);
    expect(link!.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/media/${checklist.id}/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(Date.parse(link!.expires_at) - Date.now()).toBeLessThanOrEqual(MEDIA_URL_SECONDS * 1000);

    const file = await fetch(localUrl(server, link!.url));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(fileBytes('image/png', 300));
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; /);
  });

  it('refuses a changed, foreign or expired address (403) and the file of a trashed document (404)', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const id = await uploadFile(server, team.member, doc.id);
    const other = await uploadFile(server, team.member, checklist.id);
    const links = (await team.member.api.get(`documentation/documents/${doc.id}/media-urls?upload_id=${id}`)).body.results;
    const url = new URL(localUrl(server, links[0].url));
    const variant = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    for (const address of [
      variant((u) => u.searchParams.set('signature', 'a'.repeat(64))),
      variant((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60))),
      variant((u) => (u.pathname = u.pathname.replace(id, other))),
      variant((u) => (u.pathname = u.pathname.replace(doc.id, checklist.id))),
      variant((u) => u.searchParams.delete('signature')),
      variant((u) => (u.search = '')),
    ]) {
      const res = await fetch(address);
      expect(res.status, address).toBe(403);
      expect(await res.json()).toMatchObject({ detail: 'This media link is not valid' });
    }
    const late = await server.clock.shifted((MEDIA_URL_SECONDS + 1) * 1000, () => fetch(url));
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ detail: 'This media link has expired' });
    expect((await fetch(url)).status).toBe(200);
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);
    const trashed = await fetch(url);
    expect(trashed.status).toBe(404);
    expect(await trashed.json()).toMatchObject({ detail: 'File not found' });
  });

  it('needs Read on the document and at least one upload id', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const id = await uploadFile(server, team.admin, doc.id);
    await setAcl(team.admin, 'documents', doc.id, [revoke(team.org.id, Permission.Read)]);
    const res = await team.member.api.get(`documentation/documents/${doc.id}/media-urls?upload_id=${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'Document not found' });
    const none = await team.admin.api.get(`documentation/documents/${doc.id}/media-urls`);
    expect(none.status).toBe(422);
    expect(none.body.detail).toBe('upload_id: give at least one upload_id');
    expect((await team.admin.api.get(`documentation/documents/${doc.id}/media-urls?upload_id=x`)).body.detail).toBe('upload_id.0: must be a valid id');
  });
});

// Files placed under DATA_DIR by hand, as the S3 driver's arrive (on S3 itself: presentations/storage.test.ts).
describe.skipIf(onS3())('uploads that reach storage without our upload route (as with an S3-compatible store)', () => {
  it('are confirmed when a submission or a reader first asks for them: the signed size and the right bytes', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false', { photoVerification: true }) });
    const direct = await signOne(team.member, doc.id, { file_size: 256, content_type: 'image/webp' });
    const wrong = await signOne(team.member, doc.id, { file_size: 256, content_type: 'image/webp' });
    const place = async (uploadId: string, bytes: Uint8Array) => {
      const dir = join(server.config.dataDir, 'uploads', team.org.id);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, uploadId), bytes);
    };
    await place(direct.upload_id, fileBytes('image/webp'));
    await place(wrong.upload_id, fileBytes('image/png'));
    const refused = await submit(team.member, doc.id, { q: { value: true, media: [direct.upload_id, wrong.upload_id] } });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('record.q.media.1: is not a completed upload of yours for this checklist');
    // A refused submission changes nothing, its confirmations included; the next look finds the file again.
    expect((await uploadRow(direct.upload_id))!.completedAt).toBeNull();
    expect((await submit(team.member, doc.id, { q: { value: true, media: [direct.upload_id] } })).status).toBe(201);
    expect((await uploadRow(direct.upload_id))!.completedAt).toBeInstanceOf(Date);
    expect((await uploadRow(wrong.upload_id))!.completedAt).toBeNull();

    const viewed = await signOne(team.member, doc.id, { file_size: 256, content_type: 'application/pdf' });
    await place(viewed.upload_id, fileBytes('application/pdf'));
    expect((await team.admin.api.get(`documentation/documents/${doc.id}/media/${viewed.upload_id}`)).status).toBe(200);
    expect((await uploadRow(viewed.upload_id))!.completedAt).toBeInstanceOf(Date);
  });
});
