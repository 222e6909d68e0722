/**
 * The app key and what it seals: secrets the database keeps but must never show as they are (two-factor
 * secrets, services/two-factor.ts), as tokens are kept only as hashes (tokens.ts).
 *
 * The key is APP_KEY when set (every process of a cluster must share it), otherwise 32 random bytes kept
 * in DATA_DIR/secrets/app.key, made at the first start (secrets.ts). Each purpose seals with its own key
 * derived from it (HKDF-SHA256), with AES-256-GCM, a random 96-bit nonce, and the row's id as associated
 * data, so a sealed value copied into another row does not open. A sealed value is stored as
 * `v1:` + base64url(nonce | ciphertext | tag): the prefix names the scheme, so a later one (another
 * cipher, a rotated key) can sit beside it. A value without the prefix is one written before sealing
 * existed: it is read as it is (and sealed at the next start).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { keptKey } from '../secrets.ts';

const VERSION = 'v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const keys = new WeakMap<Config, Promise<Buffer>>();

/** The app key of this server (read or made once per configuration). */
export function appKey(config: Config): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = config.appKey ? Promise.resolve(Buffer.from(config.appKey, 'utf8')) : keptKey(config.dataDir, 'app');
    keys.set(config, key);
  }
  return key;
}

/** Purposes never share a key: a value sealed for one cannot be opened as another. */
export type SealPurpose = 'otp-secret' | 'webhook-secret' | 'sso-client-secret';

async function purposeKey(config: Config, purpose: SealPurpose): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await appKey(config), Buffer.alloc(0), `ringbinder ${purpose}`, 32));
}

/** Whether a stored value is sealed (else it was written before sealing existed). */
export const isSealed = (stored: string): boolean => stored.startsWith(VERSION);

/** Seals `plain` for the row `rowId`. */
export async function seal(config: Config, purpose: SealPurpose, rowId: string, plain: string): Promise<string> {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await purposeKey(config, purpose), nonce);
  cipher.setAAD(Buffer.from(rowId, 'utf8'));
  const sealed = Buffer.concat([nonce, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}${sealed.toString('base64url')}`;
}

/**
 * Opens a value `seal` made for the row `rowId`; a value written before sealing existed is answered as
 * it is. Throws when the value was sealed with another key (APP_KEY changed or lost) or altered.
 */
export async function unseal(config: Config, purpose: SealPurpose, rowId: string, stored: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error(`A sealed ${purpose} of ${rowId} is too short to be one`);
  const decipher = createDecipheriv('aes-256-gcm', await purposeKey(config, purpose), bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(rowId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`The ${purpose} of ${rowId} does not open with this APP_KEY (changed or lost since it was sealed?)`);
  }
}
