/**
 * POST /api/v1/uploads read as a stream (issue #10: "Unauthenticated uploads cannot exhaust memory"): the
 * signed fields come first and are judged before a byte of the file is kept — a bad or expired signature
 * is answered at once, while the file is still on its way, and the connection is closed rather than read
 * to its end; a good file goes to storage as it arrives; a file cut off or larger than signed leaves
 * nothing behind. (The figures under load are `npm run bench`'s, tests/bench/upload-memory.ts.)
 */
import { readdir, stat } from 'node:fs/promises';
import { request, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_SIGNATURE_SECONDS } from '../../../src/shared/constants.ts';
import { uploads } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { fileBytes, makeChecklist, makeTeam, question, type Team } from '../support/factories.ts';
import { localUrl, postUpload, signOne, type SignedUpload } from '../support/uploads.ts';

const server = useTestServer();
let team: Team;
let checklist: { id: string };

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, { q: question('true/false', { photoVerification: true }) });
});

const MiB = 1024 * 1024;
const uploadRow = async (id: string) => (await server.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const incomingDir = () => join(server.config.dataDir, 'uploads', '.incoming');
const incomingFiles = () => readdir(incomingDir()).catch(() => [] as string[]);
const storedFile = (uploadId: string) => stat(join(server.config.dataDir, 'uploads', team.org.id, uploadId)).catch(() => undefined);

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A multipart upload written by hand, part by part, as a slow browser would: `parts` in order, the file
 * declared at `fileSize` bytes (Content-Length counts all of it) but sent only as far as the test says.
 */
function openUpload(signed: Pick<SignedUpload, 'url' | 'fields'>, fileSize: number, options: { fileFirst?: boolean } = {}) {
  const boundary = 'rb-test-boundary-7d1f';
  const fields = Object.entries(signed.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(fields) + Buffer.byteLength(fileHead) + fileSize + Buffer.byteLength(tail);
  const req: ClientRequest = request(localUrl(server, signed.url), {
    method: 'POST',
    agent: false,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
  });
  let closed = false;
  const socketClosed = new Promise<void>((resolve) => req.on('socket', (socket) => socket.on('close', () => resolve())));
  void socketClosed.then(() => (closed = true));
  // Once answered, the server may close while the test is still writing: not a failure of the test.
  req.on('error', () => undefined);
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
      });
      res.on('error', reject);
    });
    req.on('close', () => reject(new Error('the connection closed without an answer')));
  });
  void answer.catch(() => undefined);
  return {
    answer,
    socketClosed,
    isClosed: () => closed,
    /** The fields and the file's part header (in the order asked for), then `bytes` of the file. */
    start(bytes: Uint8Array) {
      if (options.fileFirst) {
        // Only valid when the whole file is given here.
        req.write(fileHead);
        req.write(bytes);
        req.write(`\r\n${fields}--${boundary}--\r\n`.replace(/^\r\n/, '\r\n'));
        return;
      }
      req.write(fields + fileHead);
      if (bytes.length) req.write(bytes);
    },
    more(bytes: Uint8Array) {
      req.write(bytes);
    },
    finish(bytes: Uint8Array = new Uint8Array()) {
      if (bytes.length) req.write(bytes);
      req.end(tail);
    },
    abort() {
      req.destroy();
    },
  };
}

describe('an upload whose signature does not hold is refused before its file is read', () => {
  it('a bad signature: 403 while the file is still on its way, and the connection is closed', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: MAX_UPLOAD_BYTES, content_type: 'application/pdf' });
    const upload = openUpload({ url: signed.url, fields: { ...signed.fields, signature: 'f'.repeat(64) } }, MAX_UPLOAD_BYTES);
    // The fields and 64 KB of a 25 MB file; the rest is never sent.
    upload.start(fileBytes('application/pdf', 64 * 1024));
    const answer = await upload.answer;
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ detail: 'The upload signature is not valid' });
    expect(answer.headers.connection).toBe('close');
    await upload.socketClosed;
    expect(await incomingFiles()).toEqual([]);
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
  });

  it('an expired signature: 403 before the file, the same way', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 4 * MiB, content_type: 'application/pdf' });
    const answer = await server.clock.shifted((UPLOAD_SIGNATURE_SECONDS + 1) * 1000, async () => {
      const upload = openUpload(signed, 4 * MiB);
      upload.start(fileBytes('application/pdf', 1024));
      const early = await upload.answer;
      await upload.socketClosed;
      return early;
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ detail: 'The upload link has expired; ask for a new one' });
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
  });

  it('missing signed fields before the file: 400 before the file', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 4 * MiB, content_type: 'application/pdf' });
    const { signature: _, ...unsigned } = signed.fields;
    const upload = openUpload({ url: signed.url, fields: unsigned }, 4 * MiB);
    upload.start(fileBytes('application/pdf', 1024));
    const answer = await upload.answer;
    expect(answer.status).toBe(400);
    expect((answer.body as { detail: string }).detail).toContain('signed fields');
  });

  it('the file before the signed fields: 400, nothing kept', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const upload = openUpload(signed, 256, { fileFirst: true });
    upload.start(fileBytes('image/png', 256));
    const answer = await upload.answer;
    expect(answer.status).toBe(400);
    expect((answer.body as { detail: string }).detail).toBe(
      'The upload must carry the signed fields (key, expires, file_size, content_type, signature) before the file',
    );
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
    expect(await storedFile(signed.upload_id)).toBeUndefined();
  });
});

describe('an upload whose signature holds goes to storage as it arrives', () => {
  it('the file is written while it is still being sent, then kept (204) and served whole', async () => {
    const size = 4 * MiB;
    const signed = await signOne(team.member, checklist.id, { file_size: size, content_type: 'application/pdf' });
    const bytes = fileBytes('application/pdf', size);
    const upload = openUpload(signed, size);
    upload.start(bytes.subarray(0, 2 * MiB));
    // Half the file is on disk before the other half is sent: streamed, not gathered in memory.
    const partial = await eventually('the first half in storage', async () => {
      for (const name of await incomingFiles()) {
        const found = await stat(join(incomingDir(), name)).catch(() => undefined);
        if (found && found.size >= MiB) return found.size;
      }
      return undefined;
    });
    expect(partial).toBeLessThanOrEqual(2 * MiB);
    expect(upload.isClosed()).toBe(false);
    upload.finish(bytes.subarray(2 * MiB));
    const answer = await upload.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeInstanceOf(Date);
    expect(await incomingFiles()).toEqual([]);
    const res = await team.member.api.get(`documentation/documents/${checklist.id}/media/${signed.upload_id}`);
    expect(res.status).toBe(200);
    const served = await fetch(team.member.api.url(`documentation/documents/${checklist.id}/media/${signed.upload_id}`), {
      headers: { authorization: `Bearer ${team.member.token}` },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('a connection cut off mid-file leaves nothing behind, and the upload can be sent again', async () => {
    const size = 4 * MiB;
    const signed = await signOne(team.member, checklist.id, { file_size: size, content_type: 'application/pdf' });
    const bytes = fileBytes('application/pdf', size);
    const upload = openUpload(signed, size);
    upload.start(bytes.subarray(0, 2 * MiB));
    await eventually('the first half in storage', async () => ((await incomingFiles()).length > 0 ? true : undefined));
    upload.abort();
    await eventually('the partial file removed', async () => ((await incomingFiles()).length === 0 ? true : undefined));
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
    expect(await storedFile(signed.upload_id)).toBeUndefined();
    const again = await postUpload(server, signed, bytes);
    expect(again.status, JSON.stringify(again.body)).toBe(204);
    expect((await storedFile(signed.upload_id))?.size).toBe(size);
  });

  it('a file larger than signed is refused (422, its size named) and nothing half-written remains', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: 256, content_type: 'image/png' });
    const res = await postUpload(server, signed, fileBytes('image/png', 2 * MiB));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ detail: `The file is ${2 * MiB} bytes; the upload was signed for 256 bytes` });
    expect(await incomingFiles()).toEqual([]);
    expect(await storedFile(signed.upload_id)).toBeUndefined();
    expect((await uploadRow(signed.upload_id))!.completedAt).toBeNull();
  });

  it('a file cut short of its signed size (the form ends early) is refused (422) and not kept', async () => {
    const signed = await signOne(team.member, checklist.id, { file_size: MiB, content_type: 'image/png' });
    const res = await postUpload(server, signed, fileBytes('image/png', MiB - 1));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ detail: `The file is ${MiB - 1} bytes; the upload was signed for ${MiB} bytes` });
    expect(await incomingFiles()).toEqual([]);
    expect(await storedFile(signed.upload_id)).toBeUndefined();
  });
});
