/** The storage driver of a configuration, made once: the local driver under DATA_DIR (the only one so far). */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { StorageDriver } from './driver.ts';
import { LocalStorage } from './local.ts';
import { signingKey } from './signing.ts';

export type { StorageDriver } from './driver.ts';

const drivers = new WeakMap<Config, StorageDriver>();

export function storageFor(config: Config): StorageDriver {
  let driver = drivers.get(config);
  if (!driver) {
    driver = new LocalStorage({
      root: join(config.dataDir, 'uploads'),
      uploadUrl: `${config.publicUrl}/api/v1/uploads`,
      key: () => signingKey(config),
    });
    drivers.set(config, driver);
  }
  return driver;
}

/** `{org id}/{upload id}`: where an upload's file is kept. */
export const storageKey = (orgId: string, uploadId: string) => `${orgId}/${uploadId}`;
