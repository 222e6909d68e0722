/**
 * The secret that signs uploads and media addresses, and the signatures themselves (HMAC-SHA256).
 *
 * The secret is UPLOAD_SIGNING_SECRET when set (several servers must share it), otherwise 32 random
 * bytes kept in DATA_DIR/secrets/upload-signing.key, made on first use (mode 0600, written to a
 * temporary file and linked into place, so two processes starting at once agree on one). Never in the
 * code, never in the database.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';

const keys = new WeakMap<Config, Promise<Buffer>>();

async function keyFromDataDir(dataDir: string): Promise<Buffer> {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'upload-signing.key');
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (existing !== undefined) return Buffer.from(existing.trim(), 'base64url');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.upload-signing.key.${process.pid}.${randomBytes(6).toString('hex')}`);
  await writeFile(temp, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await rm(temp, { force: true });
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
}

/** The signing secret of this server (read or made once per configuration). */
export function signingKey(config: Config): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = config.uploadSigningSecret ? Promise.resolve(Buffer.from(config.uploadSigningSecret, 'utf8')) : keyFromDataDir(config.dataDir);
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
