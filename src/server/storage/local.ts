/**
 * The default storage driver: files under DATA_DIR/uploads/{org id}/{upload id} (avatars under
 * DATA_DIR/uploads/avatars/{upload id}). Its signed POST goes to
 * our own route (`POST /api/v1/uploads`, routes/uploads.ts), which hands the form to `receive` as it
 * arrives: the signature over key, expiry, size and content type must match and the expiry must lie
 * ahead before a byte of the file is read; then the file streams to DATA_DIR/uploads/.incoming (never
 * more than the signed size), must be exactly the signed size and its first bytes must show the signed
 * content type — else the partial file is removed. `keep` moves it into place.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError, badRequest } from '../errors.ts';
import { isUploadContentType, sniffContentType } from './content-types.ts';
import { HEAD_BYTES, type ByteRange, type IncomingUpload, type PresignedPost, type ReceivedFile, type StorageDriver, type UploadPermit } from './driver.ts';
import { sign, verifySignature } from './signing.ts';

/**
 * Keys are `{org id}/{upload id}` (two UUIDs) or `avatars/{upload id}`: nothing that could climb out of
 * the folder.
 */
const KEY_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|avatars)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const SIGNED_FIELDS = ['key', 'expires', 'file_size', 'content_type'] as const;

const invalidSignature = () => new HttpError(403, 'The upload signature is not valid');
const expired = () => new HttpError(403, 'The upload link has expired; ask for a new one');

/**
 * Passes on a file's bytes up to `signedSize` and counts them all: past the signed size nothing more is
 * written, but the count goes on so the refusal can name the file's size. Keeps the first bytes to sniff.
 */
class SignedSize extends Transform {
  size = 0;
  private readonly first: Buffer[] = [];
  private firstLength = 0;

  constructor(private readonly signedSize: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    const before = this.size;
    this.size += chunk.length;
    if (this.firstLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.firstLength);
      this.first.push(part);
      this.firstLength += part.length;
    }
    if (this.size <= this.signedSize) done(null, chunk);
    else if (before < this.signedSize) done(null, chunk.subarray(0, this.signedSize - before));
    else done();
  }

  head(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.first));
  }
}

export interface LocalStorageOptions {
  /** DATA_DIR/uploads. */
  root: string;
  /** Where uploads are POSTed: `{PUBLIC_URL}/api/v1/uploads`. */
  uploadUrl: string;
  key: () => Promise<Buffer>;
}

export class LocalStorage implements StorageDriver {
  readonly kind = 'local' as const;

  constructor(private readonly options: LocalStorageOptions) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
    return join(this.options.root, key);
  }

  async presignPost(permit: UploadPermit): Promise<PresignedPost> {
    const values = {
      key: permit.key,
      expires: String(Math.floor(permit.expiresAt.getTime() / 1000)),
      file_size: String(permit.size),
      content_type: permit.contentType,
    };
    const signature = sign(await this.options.key(), 'upload', SIGNED_FIELDS.map((f) => values[f]));
    return { url: this.options.uploadUrl, fields: { ...values, signature } };
  }

  async receive(upload: IncomingUpload, now: Date): Promise<ReceivedFile> {
    const values = SIGNED_FIELDS.map((name) => upload.fields.get(name));
    const signature = upload.fields.get('signature');
    const { file } = upload;
    if (!file) throw badRequest(`The upload must carry the signed fields (${SIGNED_FIELDS.join(', ')}, signature) and a file`);
    if (values.some((v) => v === undefined) || signature === undefined) {
      throw badRequest(`The upload must carry the signed fields (${SIGNED_FIELDS.join(', ')}, signature) before the file`);
    }
    const [key, expires, fileSize, contentType] = values as string[] as [string, string, string, string];
    if (!verifySignature(await this.options.key(), 'upload', [key, expires, fileSize, contentType], signature)) throw invalidSignature();
    // Signed by us, so well-formed; checked again all the same before any of it names a file.
    if (!KEY_PATTERN.test(key) || !/^\d+$/.test(expires) || !/^\d+$/.test(fileSize) || !isUploadContentType(contentType)) {
      throw invalidSignature();
    }
    if (Number(expires) * 1000 < now.getTime()) throw expired();
    const signedSize = Number(fileSize);

    // Only now is the file read: into DATA_DIR/uploads/.incoming, never more than the signed size.
    const incoming = join(this.options.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const temp = join(incoming, randomBytes(16).toString('hex'));
    const measured = new SignedSize(signedSize);
    try {
      await pipeline(file, measured, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      await upload.rest;
      if (measured.size !== signedSize) {
        throw new HttpError(422, `The file is ${measured.size} bytes; the upload was signed for ${fileSize} bytes`);
      }
      const shown = sniffContentType(measured.head());
      if (shown !== contentType) {
        throw new HttpError(422, `The file's contents are not ${contentType}${shown ? ` (they are ${shown})` : ''}`);
      }
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    const target = this.pathOf(key);
    return {
      key,
      keep: async () => {
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
      },
      discard: () => rm(temp, { force: true }),
    };
  }

  async inspect(key: string): Promise<{ size: number; head: Uint8Array } | undefined> {
    const path = this.pathOf(key);
    const handle = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      const head = new Uint8Array(Math.min(size, HEAD_BYTES));
      await handle.read(head, 0, head.length, 0);
      return { size, head };
    } finally {
      await handle.close();
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    const path = this.pathOf(key);
    const found = await stat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (!found) return undefined;
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
