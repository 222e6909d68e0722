/** HTTP plumbing of signed uploads: sign one file, and the browser's multipart POST to the signed address. */
import { expect } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { PUBLIC_URL, type TestServer } from './harness.ts';
import type { Json } from './http.ts';
import type { TestUser } from './factories.ts';

export interface SignedUpload {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
  expires_at: string;
}

/** POST …/sign-content-upload for one file; expects 201. */
export async function signOne(user: TestUser, documentId: string, file: { filename?: string; file_size: number; content_type: string }): Promise<SignedUpload> {
  const res = await user.api.post(paths.documentation.signContentUpload(documentId), [{ filename: 'photo.png', ...file }]);
  expect(res.status, res.text).toBe(201);
  return res.body[0] as SignedUpload;
}

/** An address the server gave out (under PUBLIC_URL), pointed at the test server. */
export function localUrl(server: TestServer, url: string): string {
  expect(url.startsWith(`${PUBLIC_URL}/api/v1/`), url).toBe(true);
  return `${server.url}${url.slice(PUBLIC_URL.length)}`;
}

/** Where a signed upload is POSTed: our own route (local driver), or the bucket itself (S3 driver). */
export function uploadUrl(server: TestServer, url: string): string {
  return url.startsWith(PUBLIC_URL) ? localUrl(server, url) : url;
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
  const res = await fetch(uploadUrl(server, signed.url), { method: 'POST', body: form });
  const text = await res.text();
  // Our route answers JSON; an S3-compatible store answers XML (kept as text).
  const json = res.headers.get('content-type')?.includes('json');
  return { status: res.status, body: text ? (json ? JSON.parse(text) : text) : undefined };
}
