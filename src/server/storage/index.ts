/** The storage driver of a configuration, made once: the local driver under DATA_DIR, or the S3-compatible one (STORAGE_DRIVER=s3). */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { StorageDriver } from './driver.ts';
import { LocalStorage } from './local.ts';
import type { S3Storage, S3StorageOptions } from './s3.ts';
import { signingKey } from './signing.ts';

export type { StorageDriver } from './driver.ts';

const drivers = new WeakMap<Config, StorageDriver>();

export function storageFor(config: Config): StorageDriver {
  let driver = drivers.get(config);
  if (!driver) {
    const { storage } = config;
    driver =
      storage.driver === 's3'
        ? lazyS3(storage)
        : new LocalStorage({
            root: join(config.dataDir, 'uploads'),
            uploadUrl: `${config.publicUrl}/api/v1/uploads`,
            key: () => signingKey(config),
          });
    drivers.set(config, driver);
  }
  return driver;
}

/**
 * The S3 driver with the AWS SDK imported on first use rather than at start: ~20 MB of a server's idle
 * memory that the local driver never needs (issue #10).
 */
function lazyS3(options: S3StorageOptions): StorageDriver {
  let made: Promise<S3Storage> | undefined;
  const s3 = () => (made ??= import('./s3.ts').then(({ S3Storage }) => new S3Storage(options)));
  return {
    kind: 's3',
    presignPost: async (permit) => (await s3()).presignPost(permit),
    inspect: async (key) => (await s3()).inspect(key),
    read: async (key, range) => (await s3()).read(key, range),
    remove: async (key) => (await s3()).remove(key),
    probe: async (timeoutMs) => (await s3()).probe(timeoutMs),
  };
}

/** `{org id}/{upload id}`: where a document's upload's file is kept. */
export const storageKey = (orgId: string, uploadId: string) => `${orgId}/${uploadId}`;

/** `avatars/{upload id}`: where an avatar's file is kept (avatars belong to a user, not to an organisation). */
export const avatarStorageKey = (uploadId: string) => `${AVATAR_KEY_PREFIX}/${uploadId}`;
export const AVATAR_KEY_PREFIX = 'avatars';

/** Where an upload row's file is kept, whatever its purpose (a copied document's upload: its source's file, `fileOf`). */
export function storageKeyOf(row: { id: string; purpose: 'document' | 'avatar'; orgId: string | null; fileOf?: string | null }): string {
  if (row.purpose === 'avatar') return avatarStorageKey(row.id);
  if (row.orgId === null) throw new Error(`upload ${row.id} has no organisation`);
  return storageKey(row.orgId, row.fileOf ?? row.id);
}

/**
 * Origins other than the site's own that browsers send uploads to: the S3 bucket's (its presigned POSTs
 * go there), for the pages' Content-Security-Policy `connect-src`; none for the local driver.
 */
export function uploadOrigins(config: Config): string[] {
  const { storage } = config;
  if (storage.driver !== 's3') return [];
  if (storage.endpoint) return [new URL(storage.endpoint).origin];
  return [storage.forcePathStyle ? `https://s3.${storage.region}.amazonaws.com` : `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`];
}
