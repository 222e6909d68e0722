/**
 * The second half of a signed upload (documentation §7 sign-content-upload): the signed fields, then the
 * file (last, named `file`), POSTed as multipart/form-data to the signed `url` — our own /api/v1/uploads
 * (an address on the API's origin) or an S3-compatible store. No credentials go with it: the signature
 * is the permission.
 */
import type { Transport } from './transport.ts';

export interface SignedTarget {
  url: string;
  fields: Record<string, string>;
}

export async function sendSignedUpload(transport: Transport, signed: SignedTarget, file: Blob, filename: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
  form.append('file', file, filename);
  await transport.call<unknown>(signed.url, { method: 'POST', body: form, anonymous: true });
}
