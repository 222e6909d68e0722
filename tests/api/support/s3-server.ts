/**
 * A local S3-compatible server for the API suite (s3rver, files under a temporary folder), so the
 * upload tests run on the S3 storage driver too (`TEST_STORAGE_DRIVER=s3`, the `api-s3` project in
 * vitest.config.ts): the harness starts one per test server and configures the server with
 * STORAGE_DRIVER=s3 and its address.
 *
 * s3rver stores and serves objects (POST uploads, HEAD, ranged GET) but checks neither SigV4 signatures
 * nor POST policy conditions: tests that need the policy read it from the signed fields
 * (`policyOf`), and what a store lets through is still judged by the server's `inspect` on first use.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'ringbinder-test';

/** Whether this run is the upload suite on the S3 driver. */
export const onS3 = (): boolean => process.env.TEST_STORAGE_DRIVER === 's3';

export interface LocalS3 {
  /** The server configuration that points at it. */
  env: Record<string, string>;
  endpoint: string;
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'rb-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }], vhostBuckets: false });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The POST policy a signed upload carries (base64 JSON): its expiry and conditions. */
export function policyOf(fields: Record<string, string>): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(fields.Policy ?? fields.policy ?? '', 'base64').toString('utf8'));
}
