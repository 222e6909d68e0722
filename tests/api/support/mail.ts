/**
 * Reading the mail the server sent: the .eml files of DATA_DIR/outbox (or raw messages caught by an SMTP
 * server) parsed into headers and text/HTML bodies, and the links in them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string;
  from: string;
  subject: string;
  headers: Map<string, string>;
  text: string;
  html: string;
  /** Every http(s) address in the plain-text body, in order. */
  links: string[];
}

/** All messages in the outbox, oldest first (file names are time-ordered uuids). */
export async function readOutbox(outboxDir: string): Promise<Mail[]> {
  const names = await readdir(outboxDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const files = names.filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseMail(await readFile(join(outboxDir, f), 'utf8'))));
}

export function parseMail(raw: string): Mail {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, '\n'));
  const parts = leafParts(headers, body);
  const text = parts.find((p) => p.type === 'text/plain')?.content ?? '';
  const html = parts.find((p) => p.type === 'text/html')?.content ?? '';
  return {
    to: headers.get('to') ?? '',
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    headers,
    text,
    html,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

interface Part {
  type: string;
  content: string;
}

function leafParts(headers: Map<string, string>, body: string): Part[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    const pieces = body.split(`--${boundary}`).slice(1);
    return pieces
      .filter((piece) => !piece.startsWith('--'))
      .flatMap((piece) => {
        const inner = splitEntity(piece.replace(/^\n/, ''));
        return leafParts(inner.headers, inner.body.replace(/\n$/, ''));
      });
  }
  return [{ type, content: decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit') }];
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
