/**
 * A signed-in page opened as the browser opens it, for the unit tests of the page data: the server's page
 * data block for the address (src/server/http/page-data.ts, without a session cookie unless `written`
 * adds its answers) is in the <head>, and the inline script of the signed-in layout
 * (src/client/page-data-bootstrap.js) runs first, while the document is 'loading', against a real HTTP
 * server standing in for the API; then the page's own modules (run in Node) ask through the app's API
 * client. `requests` is what the server got.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { pageDataScript } from '../../../src/client/page-data-script.ts';
import { matchRoute } from '../../../src/routes.ts';
import { readsBlock } from '../../../src/server/http/page-data.ts';
import { PAGE_DATA_ID, type PageData } from '../../../src/shared/page-data.ts';

const bootstrap = readFileSync(new URL('../../../src/client/page-data-bootstrap.js', import.meta.url), 'utf8');
export const TOKEN = 'token-1';

/** Every request the API stand-in got (path with query), and the priority the page gave each one it sent ('low', 'high' or 'auto'). */
export const requests = { asked: [] as string[], priorities: {} as Record<string, string> };

let server: Server;
let origin = '';

/** Starts the API stand-in for the file that calls it (and stops it after), and puts the real fetch back before each test. */
export function serveEarlyReads(): void {
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? '';
      requests.asked.push(url);
      const reply = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(401, { detail: 'Could not validate credentials' });
      const path = url.split('?')[0]!;
      if (path === '/api/v1/auth/me') return reply(200, { username: 'ann' });
      if (path === '/api/v1/documentation/documents/gone') return reply(404, { detail: 'Document not found' });
      if (path.endsWith('/contents') || path.endsWith('/history')) return reply(200, { results: [{ id: 'x', kind: 'folder', name: 'A' }], total: 1 });
      if (path === '/api/v1/documentation/folders/root') return reply(200, { id: 'r00t', parent_id: null });
      // Anything else: an item that reads as a one-row list too (a first page of roles, of users…).
      return reply(200, { id: path.split('/').pop(), parent_id: 'r00t', path: [], results: [{ id: 'x', name: 'A' }], total: 1 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.keepAliveTimeout = 1;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    g.fetch = realFetch;
  });
}

/** Storage as the browser's: getItem answers null for a missing key. */
export function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), clear: () => map.clear() };
}

const realFetch = globalThis.fetch;
export const g = globalThis as unknown as Record<string, unknown>;

/** Ends the parsing of the page `openPage` opened (the document becomes 'interactive'). */
export let finishParsing = () => {};

/** The block the server writes for `pathname` without a session cookie, with `written` (answers, session) added. */
export function blockOf(pathname: string, written: PageData = {}): PageData {
  const match = matchRoute(pathname);
  return { ...(match && match.route.guard !== 'public' ? readsBlock(match) : {}), ...written };
}

/**
 * Opens `pathname` as the browser would: the page data block is in the document, the inline script of the
 * signed-in layout runs first, while the document is 'loading'; then the parser reaches the end of the page
 * (unless `parsing` holds it there: `finishParsing` ends it). The block stays readable by the modules.
 */
export function openPage(
  pathname: string,
  local: Record<string, string> = { token: TOKEN, loggedIn: 'true' },
  session: Record<string, string> = {},
  { parsing = false, written = {} as PageData } = {},
) {
  requests.asked = [];
  requests.priorities = {};
  g.window = globalThis;
  g.__rbPageReads = undefined;
  g.localStorage = storage(local);
  g.sessionStorage = storage(session);
  g.location = { pathname, href: `${origin}${pathname}`, origin };
  // The page's relative addresses resolve against its origin, as in a browser.
  g.fetch = (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), origin);
    requests.priorities[url.pathname + url.search] = init?.priority ?? 'auto';
    return realFetch(url, init);
  };
  const changed: (() => void)[] = [];
  const block = { textContent: JSON.stringify(blockOf(pathname, written)) };
  const doc = {
    readyState: 'loading',
    addEventListener: (type: string, listener: () => void) => void (type === 'readystatechange' && changed.push(listener)),
    getElementById: (id: string) => (id === PAGE_DATA_ID ? block : null),
  };
  g.document = doc;
  new Function(pageDataScript(bootstrap, '/api/v1'))();
  finishParsing = () => {
    doc.readyState = 'interactive';
    changed.splice(0).forEach((listener) => listener());
  };
  if (!parsing) finishParsing();
}

/** The names of the reads the bootstrap sent and no call has taken yet. */
export const sentEarly = () => Object.keys((g.__rbPageReads as Record<string, unknown> | undefined) ?? {});
export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
