/**
 * Serves the built site: files of the build as they are, and every page address through the route table
 * to its prerendered shell — unknown addresses get the not-found shell with status 404. Each shell's
 * inline scripts are allowed by hash in its CSP. A shell is also answered at its own file's address
 * (`/documentation/view/index.html`, `/404.html`), with status 200 and the same headers: that is where
 * the service worker precaches it.
 *
 * Cheaper on the second visit (issue #29): content-hashed files (`/_astro/*`, `/elements/chunks/*`) are
 * cached for a year as immutable; what keeps its address across builds — the shells, `/sw.js`, the
 * elements' scripts and manifest (`/elements/*`) — is revalidated at every use (`no-cache`) and costs a 304
 * when unchanged; the rest of public/ (icons) is cached for an hour. Every 200 carries a strong ETag: a
 * hash of the very bytes sent, so each encoding (brotli, gzip, none) of a file has its own, as a strong
 * validator must; a browser sends back the one it holds with the same Accept-Encoding, so it matches.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { matchRoute, notFoundShell, routes, shellFile } from '../../routes.ts';
import { chooseEncoding, COMPRESSIBLE, encoders, THRESHOLD, type Encoding } from './compression.ts';
import { clearSessionCookie, sessionCookieOf } from '../auth/session-cookie.ts';
import { pageDataShell, type ServedPage } from './page-data.ts';
import type { Deps } from '../env.ts';
import { firstPaintScripts } from './first-paint/sheet-results.ts';
import { contentSecurityPolicy, framingOrigins } from './security-headers.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Shell {
  html: string;
  csp: string;
  /** The CSP at an /embed/ address: the origins of EMBED_ORIGINS may frame it (framingOrigins). */
  embedCsp: string;
  /** The shell's file (its compressed copies are beside it). */
  file: string;
}

const HTML = 'text/html; charset=UTF-8';
/** Files above this size are read from disk each time (none of a build is near it). */
const CACHED_FILE_BYTES = 4 * 1024 * 1024;

/** The sha256 CSP sources of a page's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

/** The shells of the build, by shell and by their files' addresses ('/login/index.html', for the service worker's precache). */
function loadShells(distDir: string, connectSources: readonly string[], embedOrigins: readonly string[]) {
  const shells = new Map<string, Shell>();
  const shellFiles = new Map<string, Shell>();
  // The inline scripts a page's first paint may write (constant texts: ./first-paint/).
  const paintHashes = inlineScriptHashes(firstPaintScripts().map((script) => `<script>${script}</script>`).join(''));
  for (const shell of new Set([...routes.map((r) => r.shell), notFoundShell])) {
    const file = join(distDir, shellFile(shell));
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    const hashes = [...inlineScriptHashes(html), ...paintHashes];
    const csp = contentSecurityPolicy(hashes, connectSources);
    const loaded = { html, csp, embedCsp: embedOrigins.length ? contentSecurityPolicy(hashes, connectSources, embedOrigins) : csp, file };
    shells.set(shell, loaded);
    shellFiles.set(`/${shellFile(shell)}`, loaded);
  }
  return { shells, shellFiles };
}

/** The ETag of a body sent: a hash of its very bytes. */
const etagOf = (sent: Uint8Array) => `"${createHash('sha256').update(sent).digest('base64url').slice(0, 27)}"`;

/**
 * Sends the files of the build. They never change while it is served: each file's bytes and each of its
 * compressed bodies (by encoding) are read or made once and kept, so shells and /_astro assets cost no
 * compression after the first request. A compressed body is the build's own copy beside the file when there
 * is one (scripts/precompress.mjs: brotli at quality 11, gzip at 9), else made here at the answers' level.
 * The compression middleware leaves an answer that is already encoded alone.
 */
function buildFiles(distDir: string) {
  const files = new Map<string, { body: Uint8Array; type: string }>();
  const encoded = new Map<string, Buffer>();
  /** The ETag of each body sent, by encoding and file: hashed once, like the bodies. */
  const etags = new Map<string, string>();
  const kept = <T>(cache: Map<string, T>, name: string, body: Uint8Array, value: T) => {
    if (body.byteLength <= CACHED_FILE_BYTES) cache.set(name, value);
    return value;
  };
  const send = async (c: Context, file: string, body: Uint8Array, type: string, status: 200 | 404) => {
    const compressible = COMPRESSIBLE.test(type);
    if (compressible) c.header('Vary', 'Accept-Encoding');
    const encoding =
      !compressible || c.req.method === 'HEAD' || body.byteLength < THRESHOLD ? undefined : chooseEncoding(c.req.header('Accept-Encoding'));
    const name = `${encoding ?? 'identity'} ${file}`;
    const sent = !encoding ? body : (encoded.get(name) ?? kept(encoded, name, body, (await precompressed(file, encoding)) ?? encoders[encoding](body)));
    if (status === 200) {
      const etag = etags.get(name) ?? kept(etags, name, body, etagOf(sent));
      c.header('ETag', etag);
      if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    }
    c.header('Content-Type', type);
    if (!encoding) return c.body(body as Uint8Array<ArrayBuffer>, status);
    c.header('Content-Encoding', encoding);
    c.header('Content-Length', String(sent.byteLength));
    return c.body(sent as Uint8Array<ArrayBuffer>, status);
  };
  const sendFile = async (c: Context, path: string): Promise<Response | undefined> => {
    const ext = extname(path);
    // Page addresses go through the route table; the only plain .html files are the elements' demo pages.
    if (!ext || (ext === '.html' && !path.startsWith('/elements/'))) return undefined;
    const file = normalize(join(distDir, path));
    if (!file.startsWith(distDir + sep)) return undefined;
    let found = files.get(file);
    if (!found) {
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      found = { body: await readFile(file), type: MIME[ext] ?? 'application/octet-stream' };
      if (info.size <= CACHED_FILE_BYTES) files.set(file, found);
    }
    c.header('Cache-Control', cacheControl(path));
    // The elements are public files that pages of any origin load as module scripts (CORS mode):
    // the scripts, their chunks, the manifest. What they may call is EMBED_ORIGINS' business (http/cors.ts).
    if (path.startsWith('/elements/')) c.header('Access-Control-Allow-Origin', '*');
    return send(c, file, found.body, found.type, 200);
  };
  return { send, sendFile };
}

/** A body made for one request: compressed (and with `tagged`, an ETag of it) now, nothing kept. */
function sendMade(c: Context, body: Uint8Array, type: string, tagged = true) {
  c.header('Vary', 'Accept-Encoding', { append: true });
  const encoding = c.req.method === 'HEAD' || body.byteLength < THRESHOLD ? undefined : chooseEncoding(c.req.header('Accept-Encoding'));
  const sent = encoding ? encoders[encoding](body) : body;
  if (tagged) {
    const etag = etagOf(sent);
    c.header('ETag', etag);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  }
  c.header('Content-Type', type);
  if (encoding) {
    c.header('Content-Encoding', encoding);
    c.header('Content-Length', String(sent.byteLength));
  }
  return c.body(sent as Uint8Array<ArrayBuffer>, 200);
}

/** A page's shell made for its address now (./page-data.ts): its headers and body. */
function sendFilled(c: Context, filled: ServedPage) {
  if (filled.kind === 'session') {
    // One login's page: never kept, by any cache (issue #31).
    c.header('Cache-Control', 'private, no-store');
    c.header('Vary', 'Cookie');
    return sendMade(c, Buffer.from(filled.html, 'utf8'), HTML, false);
  }
  // This address's own HTML, made for it now (its reads; a link's token is in the address): revalidated at
  // every use; its ETag is of these bytes, so a repeat visit with nothing changed is a 304. A link's page is
  // kept only by the browser; a cookie's page differs from it (Vary).
  c.header('Cache-Control', filled.kind === 'link' ? 'private, no-cache' : 'no-cache');
  if (filled.kind === 'address') c.header('Vary', 'Cookie');
  return sendMade(c, Buffer.from(filled.html, 'utf8'), HTML);
}

/**
 * `connectSources`: origins besides this one that the pages send requests to (the S3 bucket uploads go to);
 * `embedOrigins`: EMBED_ORIGINS, which may frame the /embed/ pages; `deps`: the server's parts, for the
 * pages whose HTML carries their first data (./page-data.ts).
 */
export function createStaticSite(distDir: string, connectSources: readonly string[] = [], embedOrigins: readonly string[] = [], deps?: Deps) {
  const { shells, shellFiles } = loadShells(distDir, connectSources, embedOrigins);
  const { send, sendFile } = buildFiles(distDir);
  const shellBodies = new Map<Shell, Uint8Array>();
  const sendShell = async (c: Context, shell: Shell, status: 200 | 404, filled?: ServedPage) => {
    c.header('Content-Security-Policy', framingOrigins(c.req.path, embedOrigins).length ? shell.embedCsp : shell.csp);
    if (filled) return sendFilled(c, filled);
    c.header('Cache-Control', 'no-cache');
    let body = shellBodies.get(shell);
    if (!body) {
      body = Buffer.from(shell.html, 'utf8');
      shellBodies.set(shell, body);
    }
    return send(c, shell.file, body, HTML, status);
  };

  return async (c: Context): Promise<Response> => {
    const path = c.req.path;
    const shellOfFile = shellFiles.get(path);
    if (shellOfFile) return sendShell(c, shellOfFile, 200);
    const file = await sendFile(c, decodeSafe(path));
    if (file) return file;
    const match = matchRoute(path);
    const shell = match ? shells.get(match.route.shell) : undefined;
    if (shell && match && deps) {
      const filled = await pageDataShell(shell.html, match, deps, sessionCookieOf(c));
      if (filled?.ended) clearSessionCookie(c, deps.config);
      if (filled) return sendShell(c, shell, 200, filled);
    }
    if (shell) return sendShell(c, shell, 200);
    const missing = shells.get(notFoundShell);
    if (missing) return sendShell(c, missing, 404);
    return c.text('Not found — the site has not been built (npm run build)', 404);
  };
}

/** Content-hashed by the build: a new build gives them new addresses. */
const HASHED = /^\/(?:_astro|elements\/chunks)\//;

/** How long a browser may use a file of the build without asking again (see the module's comment). */
export function cacheControl(path: string): string {
  if (HASHED.test(path)) return 'public, max-age=31536000, immutable';
  if (path === '/sw.js' || path.startsWith('/elements/')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Whether If-None-Match names `etag` (or is `*`). The comparison is weak, as RFC 9110 has it for
 * If-None-Match: `W/"x"` matches `"x"`.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** The file extension of each encoding's copy written by the build (scripts/precompress.mjs). */
const PRECOMPRESSED: Partial<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * The build's `encoding` copy of `file` (`{file}.br`, `{file}.gz`), when there is one at least as new as
 * the file (a copy older than its file is of an earlier build, and is not used).
 */
export async function precompressed(file: string, encoding: Encoding): Promise<Buffer | undefined> {
  const extension = PRECOMPRESSED[encoding];
  if (!extension) return undefined;
  const [original, copy] = await Promise.all([stat(file).catch(() => undefined), stat(file + extension).catch(() => undefined)]);
  if (!original || !copy?.isFile() || copy.mtimeMs < original.mtimeMs) return undefined;
  return readFile(file + extension);
}

function decodeSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
