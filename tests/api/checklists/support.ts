/**
 * Builders for the checklist API tests: checklists with questions, submissions, and signed uploads made
 * the way the browser makes them (sign → multipart POST of the fields and the file to `url`).
 */
import { expect } from 'vitest';
import { newQuestion, withValueType, type Question, type ValueType } from '../../../src/shared/checklists/index.ts';
import type { UploadContentType } from '../../../src/server/storage/content-types.ts';
import { PUBLIC_URL, type TestServer } from '../support/harness.ts';
import type { ApiResponse, Json } from '../support/http.ts';
import type { TestUser } from '../support/factories.ts';
import { makeDocument } from '../documentation/support.ts';

export { makeDocument, makeFolder, makeTeam, grant, revoke, setAcl, missingId, Permission, type Team } from '../documentation/support.ts';

/** A question of a value type with its defaults (required, as the editor adds them), changed as given. */
export function question(valueType: ValueType, changes: Partial<Question> = {}): Question {
  return { ...withValueType({ ...newQuestion(), title: `A ${valueType} question` }, valueType), ...changes };
}

/** A published checklist (doctype form) with these questions, in this order. */
export async function makeChecklist(user: TestUser, questions: Record<string, object>, folderId = 'root', name?: string): Promise<Json> {
  return makeDocument(user, folderId, 'form', name, { questions, question_index: Object.keys(questions) });
}

/** POST documentation/documents/{id}/data. */
export function submit(user: TestUser, documentId: string, record: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return user.api.post(`documentation/documents/${documentId}/data`, { record }, { headers });
}

/** The first bytes of a real file of each type, padded with zeros to `size`. */
const MAGIC: Record<UploadContentType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF')],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/gif': [...Buffer.from('GIF89a')],
  'image/webp': [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
  'application/pdf': [...Buffer.from('%PDF-1.7\n')],
  'video/mp4': [0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')],
};

export function fileBytes(type: UploadContentType, size = 256): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(MAGIC[type].slice(0, size));
  for (let i = MAGIC[type].length; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

export interface SignedUpload {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
  expires_at: string;
}

/** POST …/sign-content-upload for one file; expects 201. */
export async function signOne(user: TestUser, documentId: string, file: { filename?: string; file_size: number; content_type: string }): Promise<SignedUpload> {
  const res = await user.api.post(`documentation/documents/${documentId}/sign-content-upload`, [{ filename: 'photo.png', ...file }]);
  expect(res.status, res.text).toBe(201);
  return res.body[0] as SignedUpload;
}

/** An address the server gave out (under PUBLIC_URL), pointed at the test server. */
export function localUrl(server: TestServer, url: string): string {
  expect(url.startsWith(`${PUBLIC_URL}/api/v1/`), url).toBe(true);
  return `${server.url}${url.slice(PUBLIC_URL.length)}`;
}

/** The browser's multipart POST: the fields, then the file as `file`. */
export async function postUpload(
  server: TestServer,
  signed: Pick<SignedUpload, 'url' | 'fields'>,
  bytes: Uint8Array<ArrayBuffer>,
  fileType = 'application/octet-stream',
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: fileType }), 'upload.bin');
  const res = await fetch(localUrl(server, signed.url), { method: 'POST', body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Signs and uploads one file of `type`; returns its upload id. */
export async function uploadFile(server: TestServer, user: TestUser, documentId: string, type: UploadContentType = 'image/png', size = 256): Promise<string> {
  const signed = await signOne(user, documentId, { filename: `file.${type.split('/')[1]}`, file_size: size, content_type: type });
  const res = await postUpload(server, signed, fileBytes(type, size));
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return signed.upload_id;
}
