/** Avatar uploads for API tests: sign one picture for the caller and post it (services/avatars.ts). */
import { expect } from 'vitest';
import type { UploadContentType } from '../../../src/server/storage/content-types.ts';
import { fileBytes, type TestUser } from '../support/factories.ts';
import type { TestServer } from '../support/harness.ts';
import { postUpload, type SignedUpload } from '../support/uploads.ts';

/** POST users/sign-avatar-upload; expects 201. */
export async function signAvatar(user: TestUser, type: UploadContentType = 'image/png', size = 300): Promise<SignedUpload> {
  const res = await user.api.post('users/sign-avatar-upload', { filename: `me.${type.split('/')[1]}`, file_size: size, content_type: type });
  expect(res.status, res.text).toBe(201);
  return res.body as SignedUpload;
}

/** Signs and posts a picture for `user`'s avatar (not yet set); its upload id. The user needs an organisation. */
export async function uploadAvatar(server: TestServer, user: TestUser, type: UploadContentType = 'image/png', size = 300): Promise<string> {
  const signed = await signAvatar(user, type, size);
  const res = await postUpload(server, signed, fileBytes(type, size));
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return signed.upload_id;
}
