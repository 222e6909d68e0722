/**
 * The S3-compatible storage driver (`STORAGE_DRIVER=s3`; DESIGN "files", docs/checklists.md "Storage"):
 * files live in one bucket at `{org id}/{upload id}` (avatars at `avatars/{upload id}`), so they scale
 * past one machine's disk and every API process sees the same files.
 *
 * - `presignPost`: a SigV4 presigned POST policy for exactly one key, until the permit's expiry, with
 *   `["content-length-range", size, size]` (exactly the signed size) and `{"Content-Type": type}` (exactly
 *   the signed type). The browser POSTs the fields and the file straight to the bucket; S3 refuses
 *   anything else (`success_action_status` 204, as our own route answers).
 * - no `receive`: uploads never pass through us. The server learns of one when it is first needed
 *   (submissions, page media, media addresses: services/checklists/uploads.ts `confirmed`), through
 *   `inspect`: HEAD for the size, a ranged GET of the first bytes for the magic number — a file of
 *   another size or type than signed is never marked complete, whatever the store let through.
 * - `read`: GetObject, with `Range: bytes=a-b` for ranged reads (video seeking), as a web stream.
 * - `probe` (GET /readyz): PutObject then DeleteObject of `.readyz/{pid}-{time}`, both within the probe's
 *   time (an AbortSignal: no retry outlives it) — the bucket exists, the credentials may write, the store answers.
 *
 * Built on the official AWS SDK v3 (`@aws-sdk/client-s3`, `@aws-sdk/s3-presigned-post`): it signs
 * SigV4 and POST policies correctly for AWS and for compatible stores (MinIO, R2, Ceph, …; path-style
 * addressing for those that need it), and its modular packages load only what this driver uses.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { HEAD_BYTES, type ByteRange, type PresignedPost, type StorageDriver, type UploadPermit } from './driver.ts';

export interface S3StorageOptions {
  /** S3_ENDPOINT: a compatible store's address (http://127.0.0.1:9000); unset for AWS itself. */
  endpoint: string | undefined;
  /** S3_REGION. */
  region: string;
  /** S3_BUCKET. */
  bucket: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset: the SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE=1: `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}`. */
  forcePathStyle: boolean;
}

/** Where the readiness probe's objects go (each removed at once). */
const READYZ_PREFIX = '.readyz';

/** Whether an S3 error says there is no such object. */
function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

export class S3Storage implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      forcePathStyle: options.forcePathStyle,
    });
  }

  get bucket(): string {
    return this.options.bucket;
  }

  async presignPost(permit: UploadPermit): Promise<PresignedPost> {
    // Whole seconds from now until the permit's expiry (at least one: S3 wants a positive lifetime).
    const expires = Math.max(1, Math.floor((permit.expiresAt.getTime() - Date.now()) / 1000));
    const post = await createPresignedPost(this.client, {
      Bucket: this.options.bucket,
      Key: permit.key,
      Expires: expires,
      Fields: { 'Content-Type': permit.contentType, success_action_status: '204' },
      Conditions: [
        ['content-length-range', permit.size, permit.size],
        { 'Content-Type': permit.contentType },
        { success_action_status: '204' },
      ],
    });
    return { url: post.url, fields: post.fields };
  }

  async inspect(key: string): Promise<{ size: number; head: Uint8Array } | undefined> {
    let size: number;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      size = head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    if (size === 0) return { size, head: new Uint8Array() };
    const first = await this.get(key, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 });
    if (!first) return undefined;
    const bytes = new Uint8Array(await first.transformToByteArray());
    return { size, head: bytes.subarray(0, HEAD_BYTES) };
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    const body = await this.get(key, range);
    return body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined;
  }

  async probe(timeoutMs: number): Promise<void> {
    const abortSignal = AbortSignal.timeout(timeoutMs);
    const key = `${READYZ_PREFIX}/${process.pid}-${Date.now()}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: 'ready', ContentType: 'text/plain' }), { abortSignal });
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }), { abortSignal });
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  private async get(key: string, range?: ByteRange) {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return res.Body;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }
}
