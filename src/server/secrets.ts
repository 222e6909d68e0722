/**
 * Keys the server makes for itself when the environment gives none: 32 random bytes kept in
 * DATA_DIR/secrets/{name}.key, made on first use (mode 0600 in a 0700 folder, written to a temporary
 * file and linked into place, so two processes starting at once agree on one). Never in the code, never
 * in the database. Used for the upload signing secret (storage/signing.ts) and the app key that
 * encrypts secrets at rest (auth/app-key.ts); a cluster sets both in the environment instead.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The key kept as DATA_DIR/secrets/`{name}`.key, made now if there is none yet. */
export async function keptKey(dataDir: string, name: string): Promise<Buffer> {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (existing !== undefined) return Buffer.from(existing.trim(), 'base64url');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${name}.key.${process.pid}.${randomBytes(6).toString('hex')}`);
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
