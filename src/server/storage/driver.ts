/**
 * Where uploaded files live (DESIGN "files"): a storage driver. The browser never sends a file through
 * the JSON API: the server signs an upload (`presignPost`), the browser POSTs the form fields and the
 * file to the driver's `url`, and the server later reads the object to serve it to readers.
 *
 * The default driver is `local.ts` (DATA_DIR/uploads, its `url` an API route of ours that checks the
 * signature, expiry, exact size and content type). The interface is shaped after S3's presigned POST so
 * that an S3-compatible driver fits without changing callers — see docs/checklists.md "Storage" for how
 * it would fill `url` and `fields`, and how its uploads are confirmed with `inspect`.
 */
import type { Readable } from 'node:stream';
import type { UploadContentType } from './content-types.ts';

/** One object the server allows a browser to upload: exactly this key, size and type, until `expiresAt`. */
export interface UploadPermit {
  key: string;
  size: number;
  contentType: UploadContentType;
  expiresAt: Date;
}

/** Where to POST the file and the form fields to send before it (the file goes last, as the part named `file`). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** Bytes `start` to `end`, both inclusive (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A multipart upload as it arrives at our own route: the fields sent before the file, then the file's
 * bytes as a stream (nothing of it is read until the driver reads it).
 */
export interface IncomingUpload {
  fields: ReadonlyMap<string, string>;
  /** The part named `file`; undefined when the form has none. */
  file: Readable | undefined;
  /** Settles once the rest of the form has arrived (rejects when it is malformed or cut off). */
  rest: Promise<void>;
}

/** A file that arrived at our own upload route and passed every check, not yet in place. */
export interface ReceivedFile {
  key: string;
  /** Puts the file in place (replacing nothing: keys are unique). */
  keep(): Promise<void>;
  /** Forgets it. */
  discard(): Promise<void>;
}

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** The signed POST for one permitted object. */
  presignPost(permit: UploadPermit): Promise<PresignedPost>;
  /**
   * Checks a multipart upload posted to our own route (drivers whose `url` is ours; an S3 driver's
   * uploads go to S3 and never reach us, so it has none): the signed fields before a byte of the file is
   * read — a refusal leaves the file unread — then the file as it streams in, its size exact.
   */
  receive?(upload: IncomingUpload, now: Date): Promise<ReceivedFile>;
  /** The stored size and first bytes of an object, or undefined when there is none (to confirm an upload made elsewhere). */
  inspect(key: string): Promise<{ size: number; head: Uint8Array } | undefined>;
  /** An object's bytes (or a range of them), or undefined when there is none. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
  remove(key: string): Promise<void>;
  /**
   * Readiness (operations/readiness.ts): proves the store takes a file — writes a small object and removes
   * it — within `timeoutMs`, or throws. The local driver's check is readiness's own (a file beside the uploads).
   */
  probe?(timeoutMs: number): Promise<void>;
}

/** How many first bytes `inspect` returns: enough for every signature in content-types.ts. */
export const HEAD_BYTES = 64;
