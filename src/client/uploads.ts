/**
 * Signed uploads (documentation §7 sign-content-upload): the server signs each file
 * (`POST documentation/documents/{id}/sign-content-upload` with `[{filename, file_size, content_type}]`
 * → `[{upload_id, url, fields, expires_at}]`), then the browser POSTs the signed fields and the file
 * (last, named `file`) as multipart/form-data to `url` — our own /api/v1/uploads or an S3-compatible
 * store. The `upload_id` is then kept as the media of a question or an answer. Also: short-lived
 * addresses for showing uploaded pictures in <img> tags.
 *
 * Signing and media addresses go through the API client (./api.ts); the POST to the signed `url` goes
 * through the same transport without credentials (the signature is the permission), failing as `ApiError`.
 */
import type { MediaUrl, SignedUpload } from '../shared/api/documentation.ts';
import { sendSignedUpload } from '../shared/transport/index.ts';
import { api, ApiError, transport } from './api.ts';

export interface UploadFile {
  filename: string;
  file_size: number;
  content_type: string;
}

/** POST documentation/documents/{id}/sign-content-upload: one signed upload per file, in order. */
export const signUploads = (documentId: string, files: readonly UploadFile[]): Promise<SignedUpload[]> =>
  api.documentation.signUploads(documentId, files);

/** Signs and sends one file for the document; answers its upload id. */
export async function uploadFile(documentId: string, file: File): Promise<string> {
  const [signed] = await signUploads(documentId, [{ filename: file.name, file_size: file.size, content_type: file.type }]);
  if (!signed) throw new ApiError(502, 'The upload was not signed');
  await sendSignedUpload(transport, signed, file, file.name);
  return signed.upload_id;
}

/**
 * Signs several files for the document in ONE call (at most MAX_UPLOADS_PER_REQUEST) and sends them in
 * turn; `onSent(index)` after each file has been sent. Answers their upload ids, in order. (A
 * presentation's page: its file and its thumbnail.)
 */
export async function uploadFiles(documentId: string, files: readonly File[], onSent?: (index: number) => void): Promise<string[]> {
  const signed = await signUploads(
    documentId,
    files.map((file) => ({ filename: file.name, file_size: file.size, content_type: file.type })),
  );
  if (signed.length !== files.length) throw new ApiError(502, 'The upload was not signed');
  const ids: string[] = [];
  for (const [index, file] of files.entries()) {
    await sendSignedUpload(transport, signed[index]!, file, file.name);
    ids.push(signed[index]!.upload_id);
    onSent?.(index);
  }
  return ids;
}

/** POST users/sign-avatar-upload, then sends the picture; answers its upload id (set it with PUT auth/me {avatar}). */
export async function uploadAvatar(file: File): Promise<string> {
  const signed = await api.users.signAvatarUpload({ filename: file.name, file_size: file.size, content_type: file.type });
  await sendSignedUpload(transport, signed, file, file.name);
  return signed.upload_id;
}

/** Addresses that show the document's uploads without a bearer token, for a few minutes. */
export async function mediaUrls(documentId: string, uploadIds: readonly string[]): Promise<MediaUrl[]> {
  if (uploadIds.length === 0) return [];
  return (await api.documentation.mediaUrls(documentId, uploadIds)).results;
}
