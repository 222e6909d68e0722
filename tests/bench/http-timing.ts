/**
 * Timed GETs over real HTTP/1.1, the way a browser tab sends them one after another: one kept-alive
 * connection, `Accept-Encoding: gzip, deflate, br`, a bearer token. Each answer is timed from the call
 * until its last byte has arrived (decoding it afterwards is not timed), and its size is counted twice:
 * the bytes that crossed the socket (status line, headers, chunk framing, body as sent — compressed when
 * the server compresses) and the body decoded (the JSON as the server wrote it).
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface Answer {
  status: number;
  /** Milliseconds from the call to the last byte of the body. */
  ms: number;
  /** Bytes read from the socket for this answer: status line, headers, framing and body as sent. */
  wireBytes: number;
  /** The Content-Encoding the server chose ('' when none). */
  encoding: string;
  /** The body, decoded. */
  body: Buffer;
}

export class TimedClient {
  /** One connection, kept alive and reused, as a browser reuses one for a page's API calls. */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly origin: string) {}

  get(path: string, token?: string): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      let socket: Socket | undefined;
      let readBefore = 0;
      const started = performance.now();
      const req = request(`${this.origin}${path}`, { agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          const wireBytes = (socket?.bytesRead ?? readBefore) - readBefore;
          const encoding = String(res.headers['content-encoding'] ?? '');
          try {
            resolve({ status: res.statusCode ?? 0, ms, wireBytes, encoding, body: decode(Buffer.concat(chunks), encoding) });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      });
      // A reused connection has read every earlier answer to its end before this request is sent.
      req.on('socket', (assigned) => {
        socket = assigned;
        readBefore = assigned.bytesRead;
      });
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function decode(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`unexpected Content-Encoding ${encoding}`);
  }
}
