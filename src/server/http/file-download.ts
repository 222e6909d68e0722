/**
 * A file the API hands out (the CSV and PDF exports, the QR label sheets): named for saving, streamed,
 * never cached nor sniffed. The app reads it through its transport like any call (the bearer token), as
 * a Blob, and saves that: no address works without the token.
 */
import type { Context } from 'hono';

/** `attachment; filename="…"; filename*=UTF-8''…` (an ASCII fallback and the name itself). */
export function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** A streamed file: not compressed in one piece by the app (no-transform), so it never sits whole in memory. */
export function sendFile(c: Context, file: DownloadFile): Response {
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', disposition(file.fileName));
  c.header('Cache-Control', 'no-store, no-transform');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.body(file.body);
}
