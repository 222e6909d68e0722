/**
 * Signed uploads (documentation §7 sign-content-upload): the server signs each file
 * (`POST documentation/documents/{id}/sign-content-upload` with `[{filename, file_size, content_type}]`
 * → `[{upload_id, url, fields, expires_at}]`), then the browser POSTs the signed fields and the file
 * (last, named `file`) as multipart/form-data to `url` — our own /api/v1/uploads or an S3-compatible
 * store. The `upload_id` is then kept as the media of a question or an answer. Also: short-lived
 * addresses for showing uploaded pictures in <img> tags.
 *
 * Signing and media addresses go through the API client (./api.ts); the POST to the signed `url`
 * carries no token (the signature is the permission) and reports failures as `ApiError` too.
 */
import { FetchError, ofetch } from 'ofetch';
import type { MediaUrl, SignedUpload } from '../shared/api/documentation.ts';
import { api, ApiError, detailOf } from './api.ts';

export interface UploadFile {
  filename: string;
  file_size: number;
  content_type: string;
}

function apiErrorOf(err: unknown): ApiError {
  if (err instanceof FetchError) return new ApiError(err.status ?? 0, detailOf(err.data) ?? (err.status ? err.statusText ?? 'Error' : 'Network error'));
  return new ApiError(0, err instanceof Error ? err.message : String(err));
}

/** POST documentation/documents/{id}/sign-content-upload: one signed upload per file, in order. */
export const signUploads = (documentId: string, files: readonly UploadFile[]): Promise<SignedUpload[]> =>
  api.documentation.signUploads(documentId, files);

/** Sends the signed fields and then the file to the signed address. */
export async function sendSignedUpload(signed: SignedUpload, file: Blob, filename: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
  form.append('file', file, filename);
  try {
    await ofetch(signed.url, { method: 'POST', body: form, retry: 0 });
  } catch (err) {
    throw apiErrorOf(err);
  }
}

/** Signs and sends one file for the document; answers its upload id. */
export async function uploadFile(documentId: string, file: File): Promise<string> {
  const [signed] = await signUploads(documentId, [{ filename: file.name, file_size: file.size, content_type: file.type }]);
  if (!signed) throw new ApiError(0, 'The upload was not signed');
  await sendSignedUpload(signed, file, file.name);
  return signed.upload_id;
}

/** Addresses that show the document's uploads without a bearer token, for a few minutes. */
export async function mediaUrls(documentId: string, uploadIds: readonly string[]): Promise<MediaUrl[]> {
  if (uploadIds.length === 0) return [];
  return (await api.documentation.mediaUrls(documentId, uploadIds)).results;
}
