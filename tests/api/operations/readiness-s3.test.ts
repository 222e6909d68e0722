/**
 * GET /readyz with the upload storage on S3 (issue #47: "the upload storage is writable"): the readiness
 * probe writes and removes a small object in the bucket, with a short timeout. Against a local
 * S3-compatible server (s3rver, as the `api-s3` upload suite uses, started here so the file runs on both
 * databases in the `api` project): 200 while the bucket takes the object, and no probe object is left
 * behind; 503 naming `storage` when the bucket does not exist and when the S3 server is gone — never its
 * address or the error's text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { startLocalS3, S3_BUCKET, type LocalS3 } from '../support/s3-server.ts';

let s3: LocalS3;
let server: TestServer;

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startTestServer({ env: s3.env });
});

afterAll(async () => {
  await server?.close();
  await s3?.close().catch(() => undefined);
});

async function readyz(url: string) {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, text: await res.text() };
}

describe('GET /readyz on the S3 storage driver', () => {
  it('answers 200 while the bucket takes an object, and leaves no probe object behind', async () => {
    const res = await readyz(server.url);
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    const listing = await (await fetch(`${s3.endpoint}/${S3_BUCKET}?list-type=2`)).text();
    expect(listing).not.toContain('<Key>');
  });

  it('answers 503 naming the storage when the bucket does not exist', async () => {
    const other = await startTestServer({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } });
    try {
      const res = await readyz(other.url);
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ status: 'not ready', failing: ['storage'], checks: { database: 'ok', migrations: 'ok', storage: 'failing' } });
      expect(res.text).not.toContain('no-such-bucket');
    } finally {
      await other.close();
    }
  }, 60_000);

  it('answers 503 naming the storage when the S3 server is gone', async () => {
    await s3.close();
    const res = await readyz(server.url);
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toMatchObject({ status: 'not ready', failing: ['storage'] });
    expect(res.text).not.toContain(s3.endpoint);
  });
});
