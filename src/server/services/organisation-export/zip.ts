/**
 * A ZIP written as it is read (yazl, docs/libraries.md): `add` hands yazl one entry whose bytes come from
 * an async source, opened only when yazl reaches it, and resolves once yazl has read all of it — so the
 * producer adds the next entry only then, and the download's reader sets the pace of everything (the
 * answer's back-pressure reaches yazl's output, yazl's pipe from the source, the source's `await`).
 * Nothing but the entry being written sits in memory. Sizes are not known ahead: yazl writes each entry's
 * sizes after its data (data descriptors) and switches to ZIP64 when a file or the archive passes 4 GB.
 *
 * The reader going away (cancel) destroys the output: the entry being written and the producer's next
 * `add` are refused, and the producer stops. A producer's failure cuts the download (no central
 * directory: a reader reports a damaged file, never a short one that looks whole) and is logged.
 */
import { finished, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { logger } from '../../operations/logger.ts';

export type EntrySource = () => AsyncIterable<string | Uint8Array>;

export interface ZipWriter {
  /** One entry: `compress` false for files already compressed (pictures, videos, PDFs). */
  add(name: string, source: EntrySource, options?: { compress?: boolean }): Promise<void>;
}

const CANCELLED = 'the download was cancelled';

/** The archive that `produce` fills, as a stream for the answer. */
export function streamedZip(produce: (zip: ZipWriter) => Promise<void>, mtime = new Date()): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let gone: Error | undefined;
  out.once('close', () => (gone ??= new Error(CANCELLED)));
  zip.on('error', (err: Error) => out.destroy(err));
  const add: ZipWriter['add'] = (name, source, options = {}) =>
    new Promise<void>((resolve, reject) => {
      if (gone) return reject(gone);
      const onGone = () => reject(gone ?? new Error(CANCELLED));
      out.once('close', onGone);
      zip.addReadStreamLazy(name, { compress: options.compress ?? true, mtime }, (cb) => {
        const stream = Readable.from(source(), { objectMode: false });
        finished(stream, (err) => {
          out.off('close', onGone);
          if (err) reject(err);
          else resolve();
        });
        cb(null, stream);
      });
    });
  produce({ add }).then(
    () => zip.end(),
    (err: unknown) => {
      if (gone) return;
      logger().error({ err }, 'organisation export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
