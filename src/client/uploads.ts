/**
 * Signed uploads (documentation §7 sign-content-upload): the server signs each file
 * (`POST documentation/documents/{id}/sign-content-upload` with `[{filename, file_size, content_type}]`
 * → `[{upload_id, url, fields, expires_at}]`), then the browser POSTs the signed fields and the file
 * (last, named `file`) as multipart/form-data to `url` — our own /api/v1/uploads or an S3-compatible
 * store. The `upload_id` is then kept as the media of a question or an answer. Also: short-lived
 * addresses for showing uploaded pictures in <img> tags.
 *
 * The calls follow the API client's pattern (./api.ts: its base, the bearer token from storage, errors
 * as `ApiError` with the server's detail); the POST to the signed `url` carries no token (the
 * signature is the permission).
 */
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import type { List, MediaUrl, SignedUpload } from '../shared/api/documentation.ts';
import { API_BASE, ApiError, detailOf } from './api.ts';
import { storedToken } from './storage.ts';

export interface UploadFile {
  filename: string;
  file_size: number;
  content_type: string;
}

function apiErrorOf(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError) return new ApiError(err.status ?? 0, detailOf(err.data) ?? (err.status ? err.statusText ?? 'Error' : 'Network error'));
  return new ApiError(0, err instanceof Error ? err.message : String(err));
}

/** One call of the API with the bearer token, as ./api.ts makes them. */
async function call<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  const token = storedToken();
  try {
    return await ofetch<T, 'json'>(path, {
      ...options,
      baseURL: API_BASE,
      retry: 0,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (err) {
    throw apiErrorOf(err);
  }
}

const seg = encodeURIComponent;

/** POST documentation/documents/{id}/sign-content-upload: one signed upload per file, in order. */
export function signUploads(documentId: string, files: readonly UploadFile[]): Promise<SignedUpload[]> {
  return call<SignedUpload[]>(`documentation/documents/${seg(documentId)}/sign-content-upload`, { method: 'POST', body: [...files] });
}

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
  const answer = await call<List<MediaUrl>>(`documentation/documents/${seg(documentId)}/media-urls`, { query: { upload_id: [...uploadIds] } });
  return answer.results;
}
