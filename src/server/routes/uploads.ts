/**
 * Signed uploads and serving their files (documentation §7 sign-content-upload; docs/checklists.md):
 * - `documentMedia`, mounted inside the documentation area (members): sign uploads for a document,
 *   GET one of its files, and mint short-lived addresses for <img>/<video> tags;
 * - `uploadReceiver`, mounted at /api/v1/uploads, outside the API's 1 MB body limit (it has its own,
 *   MAX_UPLOAD_BYTES plus the form around the file): where the default driver's signed POSTs go, read
 *   as a stream (http/multipart.ts) — the signed fields are judged before the file is read;
 * - `signedMedia`, mounted at /api/v1/media: a file by its signed address, no bearer token;
 * - `avatarUploads`, mounted at /api/v1/users/sign-avatar-upload: anyone signed
 *   in, in an organisation or not, signs the upload of a picture for their avatar (services/avatars.ts);
 * - `signedAvatars`, mounted at /api/v1/avatars: a user's current avatar by its signed address.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { signAvatarUploadBody } from '../../shared/api/accounts.ts';
import { mediaUrlsQuery, signUploadBody } from '../../shared/api/documentation-schemas.ts';
import { MAX_UPLOAD_BYTES, MEDIA_URL_SECONDS } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import type { AppEnv, MemberEnv, SignedInEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { jsonBody } from '../http/body.ts';
import { readUploadForm } from '../http/multipart.ts';
import { queryOf } from '../http/query.ts';
import { mediaUrl, signedUpload } from '../openapi/answers/accounts.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { avatarBySignature, signAvatarUpload } from '../services/avatars.ts';
import {
  dispositionOf,
  mediaBySignature,
  mediaOfDocument,
  mediaUrls,
  receiveUpload,
  signUploads,
  type UploadRow,
} from '../services/checklists/uploads.ts';
import type { ByteRange } from '../storage/driver.ts';
import { storageFor, storageKeyOf } from '../storage/index.ts';

/** Room for the signed fields and the multipart framing around the largest file. */
const UPLOAD_FORM_OVERHEAD = 64 * 1024;

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else is ignored (the whole file is sent). */
function rangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

/**
 * A stored file as the answer: its signed content type (checked against its bytes on arrival), inline for
 * pictures and video and as an attachment otherwise, never sniffed, sandboxed if opened on its own.
 */
async function sendFile(c: Context, config: Config, row: UploadRow): Promise<Response> {
  const range = rangeOf(c.req.header('range'), row.size);
  c.header('Accept-Ranges', 'bytes');
  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${row.size}`);
    return c.body(null, 416);
  }
  const body = await storageFor(config).read(storageKeyOf(row), range);
  if (!body) throw notFound('File not found');
  c.header('Content-Type', row.contentType);
  c.header('Content-Disposition', dispositionOf(row));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  c.header('Content-Length', String(range ? range.end - range.start + 1 : row.size));
  if (range) c.header('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`);
  return c.body(body, range ? 206 : 200);
}

/** A stored file's answers: the whole file, or the range asked for (its own content type: a picture, a video, a PDF, …). */
const FILE = {
  200: { media: '*/*', description: 'The file (its own content type)' },
  206: { media: '*/*', description: 'The range of the file asked for (Range: bytes=…)' },
} as const;

/** A signed address's query (read by the services, which answer 403/404 for a wrong or expired one). */
const signedAddress = z.object({ expires: z.string().describe('Unix seconds'), signature: z.string() });

// ─── Inside documentation/ (authenticated) ────────────────────────────────────────────────────────

export const documentMedia = new Hono<MemberEnv>();

documentMedia.post('/documents/:id/sign-content-upload', operation({
  summary: 'Sign file uploads for a document',
  description: 'POST each file with its signed fields as multipart/form-data to its url; then name its upload_id as the media of an answer or a question.',
  tag: 'Files',
  body: signUploadBody,
  answers: { 201: z.array(signedUpload) },
  errors: [403, 404, 409],
}), async (c) => {
  const files = await jsonBody(c, signUploadBody);
  return c.json(await signUploads(c.var.deps, c.var.member, c.req.param('id'), files), 201);
});

documentMedia.get('/documents/:id/media-urls', operation({
  summary: 'Short-lived addresses of a document’s files',
  description: 'For <img> and <video>: they work without a bearer token until expires_at. Ids that are not the document’s are left out.',
  tag: 'Files',
  query: mediaUrlsQuery,
  answers: { 200: listOf(mediaUrl) },
  errors: [404],
}), async (c) => {
  const { upload_id } = queryOf(c, mediaUrlsQuery);
  const results = await mediaUrls(c.var.deps, c.var.member, c.req.param('id'), upload_id);
  return c.json({ results, total: results.length });
});

documentMedia.get('/documents/:id/media/:uploadId', operation({
  summary: 'A file of a document',
  tag: 'Files',
  answers: FILE,
  errors: [404, 416],
}), async (c) => {
  const row = await mediaOfDocument(c.var.deps, c.var.member, c.req.param('id'), c.req.param('uploadId'));
  return sendFile(c, c.var.deps.config, row);
});

// ─── /api/v1/uploads (the signature is the permission) ────────────────────────────────────────────

export const uploadReceiver = new Hono<AppEnv>();

uploadReceiver.post('/', operation({
  summary: 'Upload a file (signed)',
  description: 'multipart/form-data: the signed fields of a sign-…-upload answer, then the file as the last part, named file. The signature is the permission.',
  tag: 'Files',
  bodyMedia: ['multipart/form-data'],
  answers: { 204: null },
  errors: [400, 403, 404, 409, 413, 422],
}), async (c) => {
  const form = await readUploadForm(c, {
    maxBytes: MAX_UPLOAD_BYTES + UPLOAD_FORM_OVERHEAD,
    tooLarge: `A file may be at most ${MAX_UPLOAD_BYTES} bytes`,
    notMultipart: 'An upload is multipart/form-data: the signed fields, then the file',
  });
  try {
    await receiveUpload(c.get('deps'), form);
  } finally {
    // A refusal at the signed fields (or anywhere before the end) leaves the rest of the body unread.
    form.stopReading();
  }
  return c.body(null, 204);
});

// ─── /api/v1/media (the signed address is the permission) ─────────────────────────────────────────

export const signedMedia = new Hono<AppEnv>();

signedMedia.get('/:documentId/:uploadId', operation({
  summary: 'A file by its signed address',
  description: 'The address comes from media-urls; the signature (expires, signature) is the permission.',
  tag: 'Files',
  query: signedAddress,
  answers: FILE,
  errors: [403, 404, 416],
}), async (c) => {
  const expires = c.req.query('expires');
  const row = await mediaBySignature(c.get('deps'), c.req.param('documentId'), c.req.param('uploadId'), expires, c.req.query('signature'));
  const left = Math.floor(Number(expires) - c.get('deps').now().getTime() / 1000);
  c.header('Cache-Control', `private, max-age=${Math.max(0, Math.min(left, MEDIA_URL_SECONDS))}`);
  return sendFile(c, c.var.deps.config, row);
});

// ─── /api/v1/users/sign-avatar-upload (authenticated: anyone signed in) ────────────────────────────

// Account settings: the caller's own picture, which belongs to no organisation — so it needs none
// (issue 28: a user who has not joined one yet), and works for an expired one too (issue #15).
export const avatarUploads = new Hono<SignedInEnv>();

avatarUploads.post('/', operation({
  summary: 'Sign the upload of my avatar',
  tag: 'Account',
  body: signAvatarUploadBody,
  answers: { 201: signedUpload },
}), async (c) => {
  const file = await jsonBody(c, signAvatarUploadBody);
  return c.json(await signAvatarUpload(c.var.deps, c.var.caller.user.id, file), 201);
});

// ─── /api/v1/avatars (the signed address is the permission) ───────────────────────────────────────

export const signedAvatars = new Hono<AppEnv>();

signedAvatars.get('/:userId/:uploadId', operation({
  summary: 'An avatar by its signed address',
  description: 'The address is a user’s avatar_url; the signature (expires, signature) is the permission.',
  tag: 'Files',
  query: signedAddress,
  answers: FILE,
  errors: [403, 404, 416],
}), async (c) => {
  const deps = c.get('deps');
  const expires = c.req.query('expires');
  const row = await avatarBySignature(deps, c.req.param('userId'), c.req.param('uploadId'), expires, c.req.query('signature'));
  // An avatar's file never changes (a new picture is a new upload, hence a new address): cached until the address expires.
  const left = Math.floor(Number(expires) - deps.now().getTime() / 1000);
  c.header('Cache-Control', `private, max-age=${Math.max(0, left)}, immutable`);
  return sendFile(c, deps.config, row);
});
