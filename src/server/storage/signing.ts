/**
 * The secret that signs uploads and media addresses, and the signatures themselves (HMAC-SHA256).
 *
 * The secret is UPLOAD_SIGNING_SECRET when set (several servers must share it), otherwise 32 random
 * bytes kept in DATA_DIR/secrets/upload-signing.key, made on first use (secrets.ts). Never in the code,
 * never in the database.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { keptKey } from '../secrets.ts';

const keys = new WeakMap<Config, Promise<Buffer>>();

/** The signing secret of this server (read or made once per configuration). */
export function signingKey(config: Config): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = config.uploadSigningSecret ? Promise.resolve(Buffer.from(config.uploadSigningSecret, 'utf8')) : keptKey(config.dataDir, 'upload-signing');
    keys.set(config, key);
  }
  return key;
}

/** The signature of some values for one purpose ('upload', 'media'): a purpose's signature never passes for another. */
export function sign(key: Buffer, purpose: string, values: readonly string[]): string {
  const mac = createHmac('sha256', key);
  mac.update(purpose);
  for (const value of values) mac.update(`\n${value}`);
  return mac.digest('hex');
}

export function verifySignature(key: Buffer, purpose: string, values: readonly string[], signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(key, purpose, values), 'hex'), Buffer.from(signature, 'hex'));
}
