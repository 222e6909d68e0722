/**
 * The server's mail outbox (DATA_DIR/outbox/*.eml, written when SMTP_URL is unset): read the messages
 * sent to an address, wait for one, and take the links out of it.
 *
 * The .eml files are nodemailer's MIME output: multipart/alternative with a text/plain and a text/html
 * part, usually quoted-printable, subjects as RFC 2047 encoded words. The small parser below reads
 * exactly that much of MIME.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataDir } from './environment.ts';

export interface Mail {
  /** The .eml file's name; names are time-ordered ids, so they sort oldest first. */
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address of the text and HTML bodies, once each, in order of appearance. */
  links: string[];
}

export interface WaitForMailOptions {
  /** Only mail whose subject contains this text or matches this pattern. */
  subject?: string | RegExp;
  /** Only mail with a link matching this pattern. */
  link?: RegExp;
  /** Only mail written after this one (e.g. the previous reset mail). */
  after?: Mail;
  /** How long to wait, in ms (default 10 s). */
  timeout?: number;
}

export const outboxDir = (): string => join(dataDir(), 'outbox');

/** Every message in the outbox to `address` (case-insensitive), oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  const wanted = address.trim().toLowerCase();
  const mails: Mail[] = [];
  for (const file of files) {
    const mail = parseMail(file, await readFile(join(dir, file), 'utf8'));
    if (recipients(mail.to).includes(wanted)) mails.push(mail);
  }
  return mails;
}

/** Waits for the newest message to `address` that satisfies the options, and returns it. */
export async function waitForMail(address: string, options: WaitForMailOptions = {}): Promise<Mail> {
  const deadline = Date.now() + (options.timeout ?? 10_000);
  for (;;) {
    const found = (await mailsTo(address)).filter((m) => matches(m, options)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await mailsTo(address)).map((m) => `"${m.subject}"`).join(', ') || 'none';
      throw new Error(`No mail to ${address} matching ${describe(options)} in ${outboxDir()} (mail to that address: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for a message to `address` with a link matching `pattern`, and returns that link. */
export async function waitForLink(address: string, pattern: RegExp, options: Omit<WaitForMailOptions, 'link'> = {}): Promise<string> {
  const mail = await waitForMail(address, { ...options, link: pattern });
  return mail.links.find((l) => pattern.test(l))!;
}

/** The activation link `{PUBLIC_URL}/auth/activate?token=…` mailed to `address`. */
export const activationLink = (address: string, options?: Omit<WaitForMailOptions, 'link'>) =>
  waitForLink(address, /\/auth\/activate\?token=/, options);

/** The newest reset link `{PUBLIC_URL}/reset-password?token=…` mailed to `address`. */
export const passwordResetLink = (address: string, options?: Omit<WaitForMailOptions, 'link'>) =>
  waitForLink(address, /\/reset-password\?token=/, options);

/** The newest invitation link `{PUBLIC_URL}/invitation/{id}` mailed to `address`. */
export const invitationLink = (address: string, options?: Omit<WaitForMailOptions, 'link'>) =>
  waitForLink(address, /\/invitation\/[^/?#\s]+$/, options);

/** The value of query parameter `name` in a link (e.g. the activation token). */
export function linkParam(link: string, name: string): string {
  const value = new URL(link).searchParams.get(name);
  if (value === null) throw new Error(`${link} has no ${name} parameter`);
  return value;
}

function matches(mail: Mail, options: WaitForMailOptions): boolean {
  if (options.after && mail.file <= options.after.file) return false;
  if (typeof options.subject === 'string' && !mail.subject.includes(options.subject)) return false;
  if (options.subject instanceof RegExp && !options.subject.test(mail.subject)) return false;
  if (options.link && !mail.links.some((l) => options.link!.test(l))) return false;
  return true;
}

function describe(options: WaitForMailOptions): string {
  const parts = [
    options.subject !== undefined ? `subject ${String(options.subject)}` : '',
    options.link ? `link ${String(options.link)}` : '',
    options.after ? `after ${options.after.file}` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'anything';
}

function recipients(to: string): string[] {
  return to.split(',').map((r) => (/<([^>]+)>/.exec(r)?.[1] ?? r).trim().toLowerCase());
}

// ---- MIME, as much as nodemailer writes ----

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Parses one .eml file into its addressee, subject, text and HTML bodies and links. */
export function parseMail(file: string, source: string): Mail {
  const root = splitPart(source.replace(/\r\n/g, '\n'));
  const leaves = flatten(root);
  const bodyOf = (type: string) =>
    leaves
      .filter((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('\n');
  const text = bodyOf('text/plain');
  const html = bodyOf('text/html');
  return {
    file,
    to: decodeWords(root.headers.get('to') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text,
    html,
    links: extractLinks(text, html),
  };
}

/** Links of the text body and the hrefs of the HTML body, once each. */
export function extractLinks(text: string, html: string): string[] {
  const fromText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href\s*=\s*"([^"]*)"|href\s*=\s*'([^']*)'/gi)].map((m) =>
    decodeEntities(m[1] ?? m[2] ?? ''),
  );
  return [...new Set([...fromText, ...fromHtml].filter((l) => /^https?:\/\//.test(l)))];
}

function splitPart(source: string): Part {
  const blank = source.indexOf('\n\n');
  const head = blank === -1 ? source : source.slice(0, blank);
  const body = blank === -1 ? '' : source.slice(blank + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function flatten(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const delimiter = `--${boundary}`;
  return part.body
    .split(delimiter)
    .slice(1) // before the first delimiter: the preamble
    .filter((chunk) => !chunk.startsWith('--')) // after the last one: the epilogue
    .flatMap((chunk) => flatten(splitPart(chunk.replace(/^\n/, ''))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(part.body)
      : encoding === 'base64'
        ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(part.body, 'utf8');
  return bytes.toString('utf8').replace(/\n$/, '');
}

/** Quoted-printable (RFC 2045): `=` at a line end joins lines, `=XX` is a byte. */
export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/[ \t]+$/gm, '').replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between two of them goes. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeEntities(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? entity;
  });
}
