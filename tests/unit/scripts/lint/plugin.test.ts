/**
 * The boundaries lint enforces (scripts/lint/layout.js, DESIGN.md "Layout"): one planted violation of
 * each kind, linted with the repository's own eslint.config.js as if it were a file at that path, must
 * fail; the allowed edges and a clean screen module must pass.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { globRegExp } from '../../../../scripts/lint/paths.js';
import { schemaModule, staticImports, valueImports } from '../../../../scripts/lint/schema-modules.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
let eslint: ESLint;

// Loading the config and the parsers (TypeScript, Astro) takes seconds on a busy machine: once, here.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};', { filePath: `${root}src/shared/warm-up.ts` });
  await eslint.lintText('<p></p>', { filePath: `${root}src/pages/warm-up.astro` });
}, 60_000);

/** The messages of our two rules (and any parse error) for `code` linted as the file at `path`. */
async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages
    .filter((m) => m.fatal || m.ruleId?.startsWith('ringbinder/'))
    .map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

type Case = [what: string, path: string, code: string];
/** A violation and the words its message must hold (what crossed the boundary). */
type Violation = [what: string, path: string, code: string, says: string];

const violations: Violation[] = [
  // src/shared imports nothing of ours outside it
  ['src/shared imports src/client', 'src/shared/api/planted.ts', "import { api } from '../../client/api.ts';\nexport const x = api;", 'api.ts'],
  ['src/shared re-exports from src/screens', 'src/shared/planted.ts', "export { startHome } from '../screens/home/home.ts';", 'home.ts'],
  ['src/shared imports src/server dynamically', 'src/shared/checklists/planted.ts', "export const load = () => import('../../server/config.ts');", 'config.ts'],
  // the server imports no browser code
  ['src/server imports src/client', 'src/server/services/planted.ts', "import { api } from '../../client/api.ts';\nexport const x = api;", 'api.ts'],
  ['src/server imports src/screens', 'src/server/planted.ts', "import '../screens/home/home.ts';", 'home.ts'],
  ['src/server imports an island', 'src/server/routes/planted.ts', "export * from '../../../islands/browse/sort-orders.ts';", 'sort-orders.ts'],
  ['src/server imports an element (type only)', 'src/server/planted.ts', "import type { ChecklistApi } from '../../elements/rb-checklist/checklist-api.ts';\nexport type X = ChecklistApi;", 'checklist-api.ts'],
  // nothing outside src/server imports it
  ['src/client imports src/server (type only)', 'src/client/planted.ts', "import type { Config } from '../server/config.ts';\nexport type X = Config;", 'config.ts'],
  ['src/screens imports src/server dynamically', 'src/screens/home/planted.ts', "export const load = () => import('../../server/config.ts');", 'config.ts'],
  ['an element imports src/server', 'elements/rb-qr-code/planted.ts', "import { readConfig } from '../../src/server/config.ts';\nexport const x = readConfig;", 'config.ts'],
  ['an island imports src/server', 'islands/browse/planted.ts', "import { readConfig } from '../../src/server/config.ts';\nexport const x = readConfig;", 'config.ts'],
  ['astro.config.mjs imports the server beyond its integration', 'astro.config.mjs', "import { createApp } from './src/server/app.ts';\nexport default createApp;", 'app.ts'],
  ['a root config imports src/server', 'vitest.config.ts', "import { readConfig } from './src/server/config.ts';\nexport default readConfig;", 'config.ts'],
  // src/client imports no screen, island or element
  ['src/client imports src/screens', 'src/client/planted.ts', "import { startHome } from '../screens/home/home.ts';\nexport const x = startHome;", 'home.ts'],
  ['src/client imports an island dynamically', 'src/client/stores/planted.ts', "export const load = () => import('../../../islands/checklist-editor/mount.tsx');", 'mount.tsx'],
  ['src/client imports an element', 'src/client/planted.ts', "import '../../elements/rb-qr-code/rb-qr-code.ts';", 'rb-qr-code.ts'],
  // elements import neither src/client nor src/screens
  ['an element imports src/client', 'elements/rb-checklist/planted.ts', "import { api } from '../../src/client/api.ts';\nexport const x = api;", 'api.ts'],
  ['an element imports src/screens dynamically', 'elements/planted.ts', "export const load = () => import('../src/screens/documentation/qr-dialog.ts');", 'qr-dialog.ts'],
  // islands are imported only by the doctype registry (and the Astro shell that renders the island tag)
  ['a screen other than the registry imports an island', 'src/screens/documentation/planted.ts', "export const load = () => import('../../../islands/checklist-editor/mount.tsx');", 'mount.tsx'],
  ['a layout imports an island', 'src/layouts/Planted.astro', "---\nimport BrowseFolder from '../../islands/browse/BrowseFolder.tsx';\n---\n<BrowseFolder client:load />\n", 'BrowseFolder.tsx'],
  ['an element imports an island', 'elements/planted.ts', "export { Dialog } from '../islands/shared/Dialog.tsx';", 'Dialog.tsx'],
  // islands import no screens, nor another island area
  ['an island imports src/screens', 'islands/browse/planted.ts', "import { startHome } from '../../src/screens/home/home.ts';\nexport const x = startHome;", 'home.ts'],
  ['an island imports another island area', 'islands/browse/planted.ts', "import { editChecklist } from '../checklist-editor/editor-state.ts';\nexport const x = editChecklist;", 'editor-state.ts'],
  ['islands/shared imports an island area', 'islands/shared/planted.ts', "import '../browse/browse.css';", 'browse.css'],
  // … nor by import.meta.glob or new URL(…, import.meta.url) (Vite bundles what they name)
  ['import.meta.glob of the islands in a screen other than the registry', 'src/screens/documentation/planted.ts', "export const screens = import.meta.glob('../../../islands/*/mount.tsx');", 'may not import islands:'],
  ['import.meta.glob of an island in src/client, among other patterns', 'src/client/planted.ts', "export const screens = import.meta.glob(['./*.ts', '!./x.ts', '/islands/browse/mount.tsx'], { eager: true });", 'may not import islands/browse/mount.tsx'],
  ["Astro.glob (import.meta.glob's Astro form) of the islands in a layout", 'src/layouts/Planted.astro', "---\nconst islands = await Astro.glob('../../islands/*/mount.tsx');\n---\n<p>{islands.length}</p>\n", 'may not import islands:'],
  ['new URL(…, import.meta.url) of an island in a screen', 'src/screens/home/planted.ts', "export const url = new URL('../../../islands/browse/BrowseFolder.tsx', import.meta.url);", 'BrowseFolder.tsx'],
  ['new URL(`…${name}…`, import.meta.url) of the islands in src/client', 'src/client/planted.ts', 'export const url = (name: string) => new URL(`../../islands/${name}/mount.tsx`, import.meta.url);', 'may not import islands:'],
  ['new URL(…, import.meta.url) of the server in an element', 'elements/planted.ts', "export const url = new URL('../src/server/config.ts', import.meta.url).href;", 'config.ts'],
  ['an import.meta.glob that names no path', 'src/screens/doctypes/planted.ts', 'const pattern = "../../../islands/*/mount.tsx";\nexport const screens = import.meta.glob(pattern);', 'import.meta.glob names its files literally'],
  // a dynamic import must be checkable
  ['a computed dynamic import', 'src/screens/doctypes/planted.ts', 'export const load = (name: string) => import(`../../../islands/${name}/mount.tsx`);', 'names its module literally'],
  // raw requests only in the transport
  ['fetch in a screen', 'src/screens/home/planted.ts', "export const load = () => fetch('/api/v1/auth/me');", 'no-raw-requests: fetch outside the transport'],
  ['fetch in src/client', 'src/client/planted.ts', "export const load = () => fetch('/api/v1/auth/me');", 'no-raw-requests: fetch outside the transport'],
  ['window.fetch in an island', 'islands/browse/planted.ts', "export const load = () => window.fetch('/api/v1/auth/me');", 'window.fetch outside the transport'],
  ['fetch handed on in an element', 'elements/rb-checklist/planted.ts', 'export const request: typeof globalThis.fetch = fetch;', 'no-raw-requests: fetch outside the transport'],
  ['XMLHttpRequest in an element', 'elements/rb-qr-code/planted.ts', 'export const request = () => new XMLHttpRequest();', 'XMLHttpRequest outside the transport'],
  ['navigator.sendBeacon in a screen', 'src/screens/planted.ts', "export const leave = () => navigator.sendBeacon('/api/v1/x');", 'navigator.sendBeacon outside the transport'],
  ['fetch in src/shared outside the transport', 'src/shared/planted.ts', "export const load = () => globalThis.fetch('/x');", 'globalThis.fetch outside the transport'],
  ['fetch in an Astro shell script', 'src/pages/planted.astro', "<script>\n  void fetch('/api/v1/auth/me');\n</script>\n", 'no-raw-requests: fetch outside the transport'],
  // … and no escape around the rule: a computed member, a destructured global
  ["globalThis['fetch'] in a screen", 'src/screens/home/planted.ts', "export const load = () => globalThis['fetch']('/api/v1/auth/me');", 'globalThis.fetch outside the transport'],
  ['window[`fetch`] in src/client', 'src/client/planted.ts', 'export const load = () => window[`fetch`](\'/api/v1/auth/me\');', 'window.fetch outside the transport'],
  ['fetch destructured from globalThis in an island', 'islands/browse/planted.ts', "const { fetch } = globalThis;\nexport const load = () => fetch('/api/v1/auth/me');", 'globalThis.fetch outside the transport'],
  ['fetch destructured and renamed from self in an element', 'elements/rb-checklist/planted.ts', "const { fetch: get } = self;\nexport const load = () => get('/x');", 'self.fetch outside the transport'],
  ['XMLHttpRequest assigned by destructuring from window', 'src/screens/planted.ts', 'let X: unknown;\n({ XMLHttpRequest: X } = window);\nexport const x = X;', 'window.XMLHttpRequest outside the transport'],
  ['fetch through globalThis.window', 'src/screens/planted.ts', "export const load = () => globalThis.window['fetch']('/x');", 'globalThis.window.fetch outside the transport'],
  ['sendBeacon destructured from window.navigator', 'src/client/planted.ts', "const { sendBeacon: beacon } = window.navigator;\nexport const leave = () => beacon('/x');", 'window.navigator.sendBeacon outside the transport'],
  ['sendBeacon destructured from navigator', 'src/screens/planted.ts', "const { sendBeacon } = navigator;\nexport const leave = () => sendBeacon('/api/v1/x');", 'navigator.sendBeacon outside the transport'],
  // connections that stay open: only the transport opens them (it reads the notifications stream)
  ['new EventSource in a screen', 'src/screens/notifications/planted.ts', "export const listen = () => new EventSource('/api/v1/notifications/stream');", 'EventSource outside the transport'],
  ['new WebSocket in src/client', 'src/client/planted.ts', "export const open = () => new WebSocket('wss://example.org/');", 'WebSocket outside the transport'],
  ['new window.EventSource in an island', 'islands/browse/planted.ts', "export const listen = () => new window.EventSource('/x');", 'window.EventSource outside the transport'],
  ['new WebSocket in the service worker (it may forward requests, not open connections)', 'src/client/offline/worker.ts', "export const open = () => new WebSocket('wss://example.org/');", 'WebSocket outside the transport'],
  ['ofetch outside the transport', 'src/client/planted.ts', "import { ofetch } from 'ofetch';\nexport const x = ofetch;", 'may not import ofetch'],
  // drizzle's raw sql only under src/server/db
  ["drizzle's sql in a service", 'src/server/services/planted.ts', "import { eq, sql } from 'drizzle-orm';\nexport const x = [eq, sql];", 'may not import sql from drizzle-orm'],
  ["drizzle's sql re-exported in a route", 'src/server/routes/planted.ts', "export { sql } from 'drizzle-orm';", 'may not import sql from drizzle-orm'],
  ['drizzle as a namespace outside src/server/db', 'src/server/auth/planted.ts', "import * as orm from 'drizzle-orm';\nexport const x = orm;", 'may not import sql from drizzle-orm'],
  // zod stays out of the browser
  ['zod in an island', 'islands/checklist-editor/planted.ts', "import { z } from 'zod';\nexport const x = z;", 'may not import zod'],
  ['a schema module loaded by a screen', 'src/screens/account/planted.ts', "import { registerBody } from '../../shared/api/accounts.ts';\nexport const x = registerBody;", 'accounts.ts'],
  ['the documentation schemas loaded by an island', 'islands/browse/planted.ts', "import { itemName } from '../../src/shared/api/documentation-schemas.ts';\nexport const x = itemName;", 'documentation-schemas.ts'],
  // presenters are pure: data in, JSON out (no database, no service)
  ['a presenter imports the database', 'src/server/presenters/planted.ts', "import { users } from '../db/schema.ts';\nexport const x = users;", 'may not import src/server/db/schema.ts'],
  ['a presenter imports a query', 'src/server/presenters/planted.ts', "import { currentUserRows } from '../db/queries/current-user.ts';\nexport const x = currentUserRows;", 'current-user.ts'],
  ['a presenter imports a service', 'src/server/presenters/planted.ts', "import { avatarUrl } from '../services/avatars.ts';\nexport const x = avatarUrl;", 'may not import src/server/services/avatars.ts'],
  // … any module of src/shared that loads zod, whatever its name (not only a listed few)
  ['the request schemas of users loaded by a screen', 'src/screens/admin/planted.ts', "import { listUsersQuery } from '../../shared/api/users.ts';\nexport const x = listUsersQuery;", 'users.ts'],
  ['the query parameters (zod) loaded by src/client', 'src/client/planted.ts', "import { lastOf } from '../shared/api/query-params.ts';\nexport const x = lastOf;", 'query-params.ts'],
  ['a *-schemas.ts module loaded by an island', 'islands/browse/planted.ts', "import { searchQuery } from '../../src/shared/api/search-schemas.ts';\nexport const x = searchQuery;", 'search-schemas.ts'],
  ['a schemas.ts module re-exported by an element', 'elements/rb-checklist/planted.ts', "export { sheetContents } from '../../src/shared/sheets/schemas.ts';", 'schemas.ts'],
  ['an import.meta.glob that takes in schema modules, in a screen', 'src/screens/admin/planted.ts', "export const all = import.meta.glob('../../shared/api/*.ts', { eager: true });", 'it loads zod'],
  ['an import.meta.glob of one schema module, in an island', 'islands/browse/planted.ts', "export const one = import.meta.glob('/src/shared/api/{documentation,search-schemas}.ts');", 'search-schemas.ts'],
  ['a schema module imported for its side effects by a shell', 'src/pages/planted.astro', "<script>\n  import '../shared/api/roles.ts';\n</script>\n", 'roles.ts'],
  // one date and time format (issue #43): THE date-time text, src/shared/date-time.ts, and nothing else
  ["a date's toLocaleString in an island", 'islands/admin/webhooks/planted.ts', 'export const at = (iso: string) => new Date(iso).toLocaleString();', 'one-date-format: toLocaleString()'],
  ['toLocaleDateString in a screen', 'src/screens/documentation/planted.ts', 'export const day = (at: Date) => at.toLocaleDateString();', 'one-date-format: toLocaleDateString()'],
  ['toLocaleTimeString in an element', 'elements/rb-checklist/planted.ts', "export const time = (at: Date) => at.toLocaleTimeString([], { hour: '2-digit' });", 'one-date-format: toLocaleTimeString()'],
  ['an Intl.DateTimeFormat of its own on the server', 'src/server/http/planted.ts', "export const f = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });", 'one-date-format: Intl.DateTimeFormat'],
  ['a value without a locale, toLocaleString()', 'src/client/planted.ts', 'export const text = (at: { toLocaleString(): string }) => at.toLocaleString();', 'one-date-format: toLocaleString()'],
  // … also when its import is written without the .ts extension (Vite and TypeScript find the file all the same)
  ['a schema module imported without its extension by an island', 'islands/browse/planted.ts', "import { searchQuery } from '../../src/shared/api/search-schemas';\nexport const x = searchQuery;", 'search-schemas: it loads zod'],
  ['a schema module imported without its extension by a screen', 'src/screens/admin/planted.ts', "import { registerBody } from '../../shared/api/accounts';\nexport const x = registerBody;", 'accounts: it loads zod'],
  // raw requests through an alias of the global object
  ['fetch through an alias of globalThis', 'src/screens/planted.ts', "const g = globalThis;\nexport const load = () => g.fetch('/x');", 'g.fetch outside the transport'],
  ['sendBeacon through an alias of an alias of window.navigator', 'islands/browse/planted.ts', "const w = window;\nconst n = w.navigator;\nexport const leave = () => n.sendBeacon('/x');", 'n.sendBeacon outside the transport'],
  ['fetch destructured from an alias of self', 'elements/rb-checklist/planted.ts', "const s = self;\nconst { fetch: get } = s;\nexport const load = () => get('/x');", 's.fetch outside the transport'],
  // routes are HTTP only: they never reach the database (a service does)
  ['a route imports the database schema', 'src/server/routes/planted.ts', "import { loginSessions } from '../db/schema.ts';\nexport const x = loginSessions;", 'may not import src/server/db/schema.ts'],
  ['a route imports a named query', 'src/server/routes/planted.ts', "import { unreadCount } from '../db/queries/live-notifications.ts';\nexport const x = unreadCount;", 'live-notifications.ts'],
  ['a route imports the database connection (type only)', 'src/server/routes/planted.ts', "import type { Queryable } from '../db/connection.ts';\nexport type X = Queryable;", 'connection.ts'],
  // no import circles, types and later loads included (planted as a module that already exists)
  ['an import circle of values (row-pdf.ts back into exports.ts, which loads it)', 'src/server/services/sheets/row-pdf.ts', "import { rowPdf } from './exports.ts';\nexport const x = rowPdf;", 'Import circle: src/server/services/sheets/row-pdf.ts → src/server/services/sheets/exports.ts → src/server/services/sheets/row-pdf.ts'],
  ['an import circle of types', 'src/shared/checklists/value-types.ts', "import type { Answer } from './answers.ts';\nexport type X = Answer;", 'Import circle: src/shared/checklists/value-types.ts → src/shared/checklists/answers.ts → src/shared/checklists/value-types.ts'],
  ['an import circle through several modules', 'src/server/services/webhooks/registrant.ts', "import type { Deps } from '../../env.ts';\nimport { WebhookSender } from './sender.ts';\nexport type X = [Deps, WebhookSender];", 'Import circle: src/server/services/webhooks/registrant.ts → src/server/services/webhooks/sender.ts'],
];

const allowed: Case[] = [
  ['a clean screen module', 'src/screens/home/planted.ts', [
    "import { api } from '../../client/api.ts';",
    "import type { CurrentUser } from '../../shared/api/accounts.ts';",
    "import { ROOT, type Folder } from '../../shared/api/documentation.ts';",
    "import { newQuestion } from '../../shared/checklists/question.ts';",
    "import '../../../elements/rb-qr-code/rb-qr-code.ts';",
    'export async function rootFolder(user: CurrentUser): Promise<Folder | undefined> {',
    '  newQuestion();',
    '  return user.current_organisation ? api.documentation.folder(ROOT) : undefined;',
    '}',
  ].join('\n')],
  ['the doctype registry loads an island', 'src/screens/doctypes/registry.ts', "export const load = () => import('../../../islands/checklist-editor/mount.tsx');"],
  ['an Astro page renders an island tag', 'src/pages/planted.astro', "---\nimport BrowseFolder from '../../islands/browse/BrowseFolder.tsx';\n---\n<BrowseFolder client:load />\n"],
  ['an island imports its own area, islands/shared, src/client, src/shared and elements', 'islands/browse/planted.ts', [
    "import { SORT_ORDERS } from './sort-orders.ts';",
    "import { Dialog } from '../shared/Dialog.tsx';",
    "import { api } from '../../src/client/api.ts';",
    "import { ROOT } from '../../src/shared/api/documentation.ts';",
    "import type { registerBody } from '../../src/shared/api/accounts.ts';",
    "import type { z } from 'zod';",
    "import '../../elements/rb-qr-code/rb-qr-code.ts';",
    'export const x: unknown[] = [SORT_ORDERS, Dialog, api, ROOT];',
    'export type Y = z.input<typeof registerBody>;',
  ].join('\n')],
  ['an element imports src/shared and another element', 'elements/rb-checklist/planted.ts', "import { ROOT } from '../../src/shared/api/documentation.ts';\nimport { emit } from '../events.ts';\nexport const x = [ROOT, emit];"],
  ['the server imports src/shared and the route table', 'src/server/http/planted.ts', "import { routes } from '../../routes.ts';\nimport { ROOT } from '../../shared/api/documentation.ts';\nexport const x = [routes, ROOT];"],
  ["drizzle's sql under src/server/db", 'src/server/db/queries/planted.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;"],
  ['a presenter takes the types of the rows it is given, and src/shared', 'src/server/presenters/planted.ts', "import type { users } from '../db/schema.ts';\nimport type { Member } from '../env.ts';\nimport { ROOT } from '../../shared/api/documentation.ts';\nexport type X = [typeof users.$inferSelect, Member];\nexport const y = ROOT;"],
  ['the query builder (no sql) in a service', 'src/server/services/planted.ts', "import { and, eq, type SQL } from 'drizzle-orm';\nexport const x: unknown[] = [and, eq];\nexport type Y = SQL;"],
  ['fetch in the transport', 'src/shared/transport/planted.ts', "export const load = () => fetch('/api/v1/auth/me');"],
  ['fetch in the service worker (it forwards the page’s own requests)', 'src/client/offline/worker.ts', 'export const forward = (request: Request) => fetch(request);'],
  ['new EventSource in the transport (it reads the notifications stream)', 'src/shared/transport/planted.ts', "export const listen = () => new EventSource('/api/v1/notifications/stream');"],
  ['a member named fetch of our own object, and a local destructuring', 'src/screens/home/planted.ts', "const api = { fetch: (n: number) => n };\nconst { fetch } = api;\nexport const x = [api['fetch'](1), fetch(2)];"],
  ['an import.meta.glob of zod-free modules of src/shared, in a screen', 'src/screens/admin/planted.ts', "export const some = import.meta.glob(['../../shared/checklists/{answers,question}.ts', '../../shared/api/sett?ngs.ts', '../../shared/**/field-errors.ts']);"],
  ['the doctype registry globs the islands', 'src/screens/doctypes/registry.ts', "export const screens = import.meta.glob('../../../islands/*/mount.tsx');"],
  ['an island globs and addresses its own area', 'islands/browse/planted.ts', "export const parts = import.meta.glob('./*.tsx');\nexport const url = new URL('./browse.css', import.meta.url);"],
  ['an element addresses a chunk computed at run time, and another site', 'elements/planted.ts', "export const url = (chunk: string) => new URL(chunk, import.meta.url);\nexport const site = new URL('https://example.org/x', import.meta.url);"],
  ['types of schema modules, and a zod-free module, in browser code', 'src/screens/admin/planted.ts', "import type { ListUsersParams } from '../../shared/api/users.ts';\nimport { type SearchQueryParsed } from '../../shared/api/search-schemas.ts';\nimport { MIN_PASSWORD_LENGTH } from '../../shared/constants.ts';\nexport type X = [ListUsersParams, SearchQueryParsed];\nexport const y = MIN_PASSWORD_LENGTH;"],
  ['a local function named fetch', 'src/screens/home/planted.ts', 'function fetch(n: number): number {\n  return n;\n}\nexport const x = fetch(1);'],
  ['the fetch type in an annotation', 'elements/rb-checklist/planted.ts', 'export type Fetch = typeof fetch;\nexport type Request = XMLHttpRequest;'],
  ['astro.config.mjs mounts the API through its integration', 'astro.config.mjs', "import { ringbinderServer } from './src/server/astro-integration.ts';\nexport default ringbinderServer;"],
  ['a route imports services, the HTTP helpers, auth and the OpenAPI description', 'src/server/routes/planted.ts', "import { Hono } from 'hono';\nimport { ownLoginSessions } from '../services/login-sessions.ts';\nimport { jsonBody } from '../http/body.ts';\nimport { sessionCallerOf } from '../auth/login-sessions.ts';\nimport { operation } from '../openapi/operation.ts';\nimport type { SignedInEnv } from '../env.ts';\nexport const x: unknown[] = [Hono, ownLoginSessions, jsonBody, sessionCallerOf, operation];\nexport type Y = SignedInEnv;"],
  ['a module importing others that never come back to it', 'src/server/services/sheets/planted.ts', "import { rowPdf } from './exports.ts';\nexport const load = () => import('./row-pdf.ts');\nexport const x = rowPdf;"],
  ['tests reach the server', 'tests/api/planted.test.ts', "import { readConfig } from '../../src/server/config.ts';\nexport const x = readConfig;"],
  ['THE date-time text makes its Intl.DateTimeFormat', 'src/shared/date-time.ts', "export const f = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });"],
  ["a number's toLocaleString with a locale", 'src/screens/documentation/planted.ts', "export const total = (n: number) => n.toLocaleString('en');"],
];

describe('lint: every boundary of the layout', () => {
  it.each(violations)('fails on %s', async (_what, path, code, says) => {
    const messages = await lint(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^ringbinder\//);
    expect(messages[0]).toContain(says);
  });

  it.each(allowed)('passes %s', async (_what, path, code) => {
    expect(await lint(path, code)).toEqual([]);
  });

  it('says which import crosses which boundary, and why', async () => {
    const [message] = await lint('elements/rb-checklist/planted.ts', "import { api } from '../../src/client/api.ts';\nexport const x = api;");
    expect(message).toBe(
      'ringbinder/boundaries: elements/rb-checklist/planted.ts may not import src/client/api.ts: elements stand alone on other sites: they import src/shared (the one transport, types, rules) and each other, never src/client, src/screens, islands or the server (see scripts/lint/layout.js and DESIGN.md "Layout").',
    );
  });

  it('passes a clean file with no message of any rule', async () => {
    const [result] = await eslint.lintText(allowed[0]![2], { filePath: `${root}src/screens/home/planted.ts` });
    expect(result!.messages).toEqual([]);
  });
});

describe('schema modules: any module of src/shared that loads zod, recognised from its imports', () => {
  /** Every `schemas.ts` and `*-schemas.ts` under `folder`, from the repository root. */
  function namedSchemas(folder = 'src/shared'): string[] {
    return readdirSync(`${root}${folder}`, { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return namedSchemas(path);
      return /(^|-)schemas\.ts$/.test(entry.name) ? [path] : [];
    });
  }

  it('recognises the five modules once listed by hand, and every schemas.ts and *-schemas.ts', () => {
    const once = ['src/shared/api/accounts.ts', 'src/shared/api/contents.ts', 'src/shared/api/documentation-schemas.ts', 'src/shared/api/roles.ts', 'src/shared/checklists/schemas.ts'];
    const named = namedSchemas();
    expect(named.length).toBeGreaterThan(10);
    expect([...once, ...named].filter((path) => !schemaModule(root, path))).toEqual([]);
  });

  it('recognises no zod-free module, nothing outside src/shared, and a module of src/shared by its imports alone', () => {
    const free = ['src/shared/api/documentation.ts', 'src/shared/api/field-errors.ts', 'src/shared/constants.ts', 'src/shared/checklists/question.ts', 'src/shared/transport/transport.ts'];
    expect(free.filter((path) => schemaModule(root, path))).toEqual([]);
    expect(schemaModule(root, 'src/server/config.ts')).toBe(false);
    expect(schemaModule(root, 'src/shared/api/users.ts')).toBe(true);
  });

  it('reads the imports that load code: values, re-exports and side effects, not types', () => {
    const source = [
      "import { z } from 'zod';",
      "import type { A } from './a.ts';",
      "import { type B, type C } from './b.ts';",
      'import {',
      '  d,',
      '  type E,',
      "} from './d.ts';",
      "export type { F } from './f.ts';",
      "export * from './g.ts';",
      "import './h.css';",
      " * import { x } from './in-a-comment.ts';",
      "export const from = 'i.ts';",
    ].join('\n');
    expect(valueImports(source)).toEqual(['zod', './d.ts', './g.ts', './h.css']);
  });
});

describe('staticImports: every import of a module, for the import circles', () => {
  it('reads types too', () => {
    const source = "import type { A } from './a.ts';\nimport { type B } from './b.ts';\nimport { c } from './c.ts';\nexport * from './d.ts';";
    expect(staticImports(source)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts']);
  });
});

describe('globRegExp: a glob pattern of import.meta.glob over repository paths', () => {
  it.each([
    ['islands/*/mount.tsx', 'islands/browse/mount.tsx', true],
    ['islands/*/mount.tsx', 'islands/browse/x/mount.tsx', false],
    ['src/shared/**/schemas.ts', 'src/shared/schemas.ts', true],
    ['src/shared/**/schemas.ts', 'src/shared/sheets/x/schemas.ts', true],
    ['src/shared/api/*-schemas.ts', 'src/shared/api/schemas.ts', false],
    ['src/shared/api/{roles,users}.ts', 'src/shared/api/users.ts', true],
    ['src/shared/api/{roles,users}.ts', 'src/shared/api/usersxts', false],
    ['src/shared/api/sett?ngs.ts', 'src/shared/api/settings.ts', true],
    ['src/shared/api/[a-c]*.ts', 'src/shared/api/billing.ts', true],
    ['src/shared/api/[a-c]*.ts', 'src/shared/api/roles.ts', false],
  ])('%s matches %s: %s', (pattern, path, matches) => {
    expect(globRegExp(pattern).test(path)).toBe(matches);
  });
});
