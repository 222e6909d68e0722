/** The app key and sealing (issue 28): AES-256-GCM per purpose and row, `v1:` values, APP_KEY or a key kept under DATA_DIR. */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, isSealed, seal, unseal } from '../../../../src/server/auth/app-key.ts';
import { readConfig, type Config } from '../../../../src/server/config.ts';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let dataDir: string;
let kept: Config;
const withKey = (key: string) => readConfig({ DATA_DIR: dataDir, APP_KEY: key });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rb-app-key-'));
  kept = readConfig({ DATA_DIR: dataDir });
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('seal and unseal', () => {
  it('seals to v1:… that is not the secret, different each time, and opens for the same row', async () => {
    const a = await seal(kept, 'otp-secret', 'row-1', secret);
    const b = await seal(kept, 'otp-secret', 'row-1', secret);
    expect(a).toMatch(/^v1:[\w-]+$/);
    expect(a).not.toContain(secret);
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(await unseal(kept, 'otp-secret', 'row-1', a)).toBe(secret);
  });

  it('does not open for another row, with another key, or once altered', async () => {
    const sealed = await seal(kept, 'otp-secret', 'row-1', secret);
    await expect(unseal(kept, 'otp-secret', 'row-2', sealed)).rejects.toThrow(/does not open/);
    await expect(unseal(withKey('k'.repeat(32)), 'otp-secret', 'row-1', sealed)).rejects.toThrow(/does not open/);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(unseal(kept, 'otp-secret', 'row-1', altered)).rejects.toThrow();
    await expect(unseal(kept, 'otp-secret', 'row-1', 'v1:abc')).rejects.toThrow(/too short/);
  });

  it('reads a value written before sealing as it is', async () => {
    expect(isSealed(secret)).toBe(false);
    expect(await unseal(kept, 'otp-secret', 'row-1', secret)).toBe(secret);
  });
});

describe('appKey', () => {
  it('without APP_KEY: 32 random bytes made once under DATA_DIR/secrets/app.key (0600), the same for every configuration of that folder', async () => {
    const key = await appKey(kept);
    expect(key).toHaveLength(32);
    const file = join(dataDir, 'secrets', 'app.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url')).toEqual(key);
    expect(await appKey(readConfig({ DATA_DIR: dataDir }))).toEqual(key);
  });

  it('APP_KEY when set, shared by every process that sets it: a value sealed by one opens in another', async () => {
    const key = 'an app key of at least thirty-two characters';
    const sealed = await seal(withKey(key), 'otp-secret', 'row-1', secret);
    expect(await unseal(withKey(key), 'otp-secret', 'row-1', sealed)).toBe(secret);
    await expect(unseal(kept, 'otp-secret', 'row-1', sealed)).rejects.toThrow(/does not open/);
  });

  it('refuses an APP_KEY shorter than 32 characters', () => {
    expect(() => withKey('short')).toThrow(/APP_KEY must be at least 32 characters/);
  });
});
