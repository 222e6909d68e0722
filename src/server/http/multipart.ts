/**
 * A signed upload's multipart body, read as a stream (busboy): the text fields that come before the file,
 * then the file's bytes as they arrive — nothing is gathered in memory. The caller judges the fields
 * before reading a byte of the file; when it answers without reading the body to its end, `stopReading`
 * stops the parser and the answer closes the connection (the rest of the body is never read) — unless the
 * body is at most `DRAIN_BYTES` long: then its rest is read and dropped and the connection stays, because
 * Node 24's fetch (undici 7) fails with EPIPE instead of reading the answer when the server closes while
 * it still sends (an integrator's refused upload read "fetch failed", not the 403's detail).
 *
 * Bodies larger than `maxBytes` are refused with 413: at once when Content-Length says so, otherwise as
 * soon as that many bytes have arrived. A body cut off or malformed is a 400.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { badRequest, HttpError } from '../errors.ts';

export interface UploadForm {
  /** The text fields sent before the file (the first of each name). */
  fields: ReadonlyMap<string, string>;
  /** The bytes of the part named `file`, as they arrive; undefined when the form ended without one. */
  file: Readable | undefined;
  /** Settles once the form after the file has been read: rejects when it is malformed or cut off. */
  rest: Promise<void>;
  /** When the body has not been read to its end: stop reading it, and close the connection after the answer. */
  stopReading(): void;
}

export interface UploadFormOptions {
  maxBytes: number;
  /** The 413's detail. */
  tooLarge: string;
  /** The 400's detail when the body is not multipart/form-data at all. */
  notMultipart: string;
}

/** A refused body this small (a form whose file is a small picture, say) is read to its end and dropped. */
export const DRAIN_BYTES = 1024 * 1024;

/** Few, short fields: a signed upload has five of about 70 characters. */
const LIMITS = { fields: 16, fieldNameSize: 100, fieldSize: 1024, parts: 32, headerPairs: 16 };

const notAForm = () => badRequest('The upload is not a valid multipart form');
const cutOff = () => badRequest('The upload was cut off before its end');
const asHttpError = (err: unknown) => (err instanceof HttpError ? err : notAForm());
const ignore = () => undefined;

/** The request body as a Node stream: the socket's own when served by Node (backpressure reaches the client). */
function bodyStream(c: Context): Readable | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : undefined;
}

/** Passes at most `maxBytes` on; one byte more is `tooLarge`. */
function byteLimit(maxBytes: number, tooLarge: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/** The body being read: its source stream, the byte limit it passes through, and the form parser it feeds. */
interface UploadBody {
  source: Readable;
  limit: Transform;
  parser: busboy.Busboy;
}

/** How far the reading has come: the fields so far, the file once its part begins, the form's end, or its reading stopped. */
interface ReadingState {
  fields: Map<string, string>;
  file: PassThrough | undefined;
  ended: boolean;
  stopped: boolean;
}

/**
 * The request judged by its headers (multipart, not longer than `maxBytes`) and its body opened for reading.
 * Refused before the body was read: the connection is closed after the answer rather than read to its end.
 */
function openUploadBody(c: Context, options: UploadFormOptions): UploadBody {
  const unread = (err: HttpError) => {
    c.header('Connection', 'close');
    return err;
  };
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw unread(badRequest(options.notMultipart));
  const tooLarge = () => new HttpError(413, options.tooLarge);
  if (Number(c.req.header('content-length')) > options.maxBytes) throw unread(tooLarge());
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': type }, limits: LIMITS });
  } catch {
    throw unread(notAForm());
  }
  const source = bodyStream(c);
  if (!source) throw unread(notAForm());
  return { source, limit: byteLimit(options.maxBytes, tooLarge), parser };
}

/** Stops reading a body not read to its end: a small rest is read and dropped, otherwise the connection closes after the answer. */
function stopReading(c: Context, body: UploadBody, state: ReadingState): void {
  if (state.ended || state.stopped) return;
  state.stopped = true;
  body.source.unpipe(body.limit);
  body.parser.destroy();
  const length = Number(c.req.header('content-length'));
  if (length > 0 && length <= DRAIN_BYTES) {
    body.source.resume();
    return;
  }
  c.header('Connection', 'close');
  body.source.pause();
}

/** The file part's bytes, passed on as they arrive. */
function fileBytes(stream: Readable): PassThrough {
  const bytes = new PassThrough();
  // Whoever reads the file sees its errors; one refused before reading it must not crash the server.
  bytes.on('error', ignore);
  stream.on('error', (err) => bytes.destroy(asHttpError(err)));
  stream.pipe(bytes);
  return bytes;
}

/** Resolves as soon as the file's part begins (or the form ends without one). */
export function readUploadForm(c: Context, options: UploadFormOptions): Promise<UploadForm> {
  const body = openUploadBody(c, options);
  const { source, limit, parser } = body;
  const state: ReadingState = { fields: new Map<string, string>(), file: undefined, ended: false, stopped: false };
  let endRest!: () => void;
  let failRest!: (err: HttpError) => void;
  const rest = new Promise<void>((resolve, reject) => {
    endRest = resolve;
    failRest = reject;
  });
  // Nobody waits for the rest of a form that was refused at its fields.
  rest.catch(ignore);

  const form: UploadForm = {
    fields: state.fields,
    get file() {
      return state.file;
    },
    rest,
    stopReading: () => stopReading(c, body, state),
  };

  return new Promise<UploadForm>((resolve, reject) => {
    const fail = (err: unknown) => {
      const error = asHttpError(err);
      state.file?.destroy(error);
      failRest(error);
      reject(error);
    };
    parser.on('field', (name, value) => {
      if (!state.file && !state.fields.has(name)) state.fields.set(name, value);
    });
    parser.on('file', (name, stream) => {
      // One file, named `file`; any other file part is skipped unread.
      if (name !== 'file' || state.file) {
        stream.resume();
        return;
      }
      state.file = fileBytes(stream);
      resolve(form);
    });
    parser.on('finish', () => {
      state.ended = true;
      endRest();
      resolve(form);
    });
    parser.on('error', fail);
    limit.on('error', (err) => parser.destroy(err));
    source.on('error', () => parser.destroy(cutOff()));
    source.on('close', () => {
      if (!source.readableEnded && !state.stopped) parser.destroy(cutOff());
    });
    source.pipe(limit).pipe(parser);
  });
}
