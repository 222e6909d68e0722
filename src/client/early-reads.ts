/**
 * The page's first reads, sent by the HTML itself (src/client/early-reads-bootstrap.js, inlined into the
 * signed-in layout's <head>) while the page's modules are still downloading, so a signed-in page paints
 * after ONE level beside the HTML: HTML → (modules ∥ API) → paint. This module holds the one table of
 * those reads and the pick-up: the app's transport (src/client/api.ts) takes a matching early read, once,
 * instead of asking again, and reads it like any answer of its own (status, `{detail}`, a 401 signs out).
 *
 * The table is keyed by the route table's patterns (src/routes.ts); `{name}` is a route parameter,
 * `{name:alias}` the same read through an alias table of `aliases` (a value it names is replaced), `{sort}`
 * the folder sort remembered in this browser; a route whose parameter names one of two things reads by
 * that parameter's form (`ReadsByForm`: a version number or a row's id). Each address must be EXACTLY the
 * one the page's module asks for (path and query string, in the transport's order), or the pick-up misses
 * and the read is sent twice: each path is built by src/shared/api/paths.ts, as the API client's is, and
 * the query strings are checked by tests/unit/client/early-reads.test.ts and tests/e2e/one-api-level.spec.ts.
 */
import { routes, type Guard } from '../routes.ts';
import * as paths from '../shared/api/paths.ts';
import { ROOT, WHOLE_TRASH_SEGMENT } from './addresses.ts';
import { localKeys, sessionKeys } from './storage.ts';
import { inlineCall } from './inline-call.ts';

/**
 * An address of paths.ts with route parameters in it: `at(paths.documentation.folder, '{folderId}')` is
 * 'documentation/folders/{folderId}' (paths.ts encodes each segment; the bootstrap fills `{…}` at run time,
 * encoded the same way).
 */
const at = <P extends unknown[]>(path: (...params: P) => string, ...params: P): string =>
  path(...params).replace(/%7B(.*?)%7D/g, (_, name: string) => `{${decodeURIComponent(name)}}`);

/** The drawer's root folders (src/screens/chrome/drawer-documentation.ts), on every documentation page. */
const DRAWER = `${paths.documentation.contents(ROOT)}?skip=0&limit=100&ordering=kind&ordering=name`;
/** The dashboard's Recent Activity (src/screens/home/dashboard.ts: its last panel, RECENT_ACTIVITY_LIMIT). */
const RECENT_ACTIVITY = `${paths.documentation.notifications}?limit=20`;
/** The root folder (the whole documentation's folder page and trash). */
const ROOT_FOLDER = paths.documentation.folder(ROOT);
/** A folder's first page of contents in the remembered sort (islands/browse/folder-open.ts). */
const contents = (folder: string) => `${at(paths.documentation.contents, folder)}?{sort}&limit=100`;
/** The route's document (`:id`), and a submitted row named by the route parameter `param`. */
const doc = at(paths.documentation.document, '{id}');
const row = (param: string) => at(paths.documentation.submittedRow, `{${param}}`);
const ROLES_FIRST_PAGE = `${paths.roles.list}?skip=0&limit=100`;

/**
 * The reads of a route whose parameter `param` names one of two things by its form: `digits` when it is
 * all digits, `other` otherwise.
 */
export interface ReadsByForm {
  param: string;
  digits: readonly string[];
  other: readonly string[];
}

/** Every signed-in page asks for auth/me first (the bootstrap adds `me`); these are the route's own reads. */
export const earlyReads: Readonly<Record<string, readonly string[] | ReadsByForm>> = {
  '/documentation/browse': [ROOT_FOLDER, contents(ROOT), DRAWER],
  // A folder's and a document's answer carry the root's id (`root_id`, the breadcrumbs' 'Documentation').
  '/documentation/browse/:folderId': [at(paths.documentation.folder, '{folderId}'), contents('{folderId}'), DRAWER],
  '/documentation/view/:id': [doc, DRAWER],
  '/documentation/view/:id/version/:version': [at(paths.documentation.version, '{id}', '{version}'), DRAWER],
  // Version n (…/{n}, all digits) or a submitted row (…/{rowId}), told apart as viewTarget does (addresses.ts).
  '/documentation/view/:id/:second': {
    param: 'second',
    digits: [at(paths.documentation.version, '{id}', '{second}'), DRAWER],
    other: [doc, row('second'), DRAWER],
  },
  '/documentation/edit/:id': [doc, DRAWER],
  '/documentation/:id/history': [doc, `${at(paths.documentation.history, '{id}')}?skip=0&limit=100`, DRAWER],
  // `/documentation/trash/1` is the whole trash's address in the spec's links: its folder is the root (trashFolderOf).
  '/documentation/trash/:folderId': [at(paths.documentation.folder, '{folderId:trash}'), DRAWER],
  '/documentation/results/:documentId/:id': [at(paths.documentation.document, '{documentId}'), row('id'), DRAWER],
  // The results grid's document (src/screens/documentation/results.ts); its rows' window depends on the clock.
  '/documentation/results/:id': [doc, DRAWER],
  '/documentation/search': [DRAWER],
  // The labels of the folder's own items (src/screens/documentation/qr-sheet.ts); its subtree is read when asked for.
  '/documentation/qr-sheet/:folderId': [at(paths.documentation.qrSheet, '{folderId}'), DRAWER],
  // The dashboard (src/screens/home/dashboard.ts: dashboardApiReads); in the picker and create modes they go unused.
  '/': [paths.workflow.assignments, paths.documentation.favorites, RECENT_ACTIVITY],
  // The admin islands' first pages (islands/admin: 100 rows by skip/limit) and the settings page's reads.
  '/admin/roles': [ROLES_FIRST_PAGE],
  '/admin/roles/:id': [at(paths.roles.role, '{id}')],
  '/admin/activity-log': [`${paths.activity}?skip=0&limit=100`],
  '/admin/settings': [`${paths.users.list}?limit=1`, paths.buildInfo, paths.settings.mailFailures],
  // The users screens (islands/admin/users, user-form): the first page of members (20) and the roles (100 a page).
  '/admin/users': [`${paths.users.list}?ordering=username&skip=0&limit=20`, ROLES_FIRST_PAGE],
  '/admin/users/new': [ROLES_FIRST_PAGE],
  '/admin/users/:id': [at(paths.users.user, '{id}'), ROLES_FIRST_PAGE],
  // The plans (src/screens/billing/billing.ts: billingReads); an empty list when billing is off.
  '/billing': [paths.billing.products],
};

/**
 * Reads sent at low priority. Over HTTP/1.1 a browser opens six connections to a host, and what a first
 * page's HTML asks for at once must fit in them: a seventh request waits for the first answer (a round trip
 * on a slow phone), and when it is a module the whole paint waits with it. A low-priority read waits
 * instead, behind the modules and the reads the page paints first: the drawer's folders (nothing on the
 * page paints from them) and home's Recent Activity, the dashboard's last panel (below the first screen on
 * a phone; without it home asked for seven things and its `core` module waited). tests/e2e/module-preload.spec.ts
 * counts each first page's requests.
 */
export const LOW_PRIORITY_READS: readonly string[] = [DRAWER, RECENT_ACTIVITY];

/** Where the folder browser remembers its sort (islands/browse/sort-orders.ts) and its choices' keys. */
export const SORT_STORAGE_KEY = 'documentationSort';
const SORT_FIELDS = ['name', 'kind', 'created_at', 'modified_at'] as const;
const DEFAULT_SORT_KEY = 'kind';

/** The `ordering` of a sort key ('-created_at' → ['-created_at', 'name']): ties fall back to the name. */
export function orderingOfSortKey(key: string): string[] {
  const field = key.replace(/^-/, '');
  return field === 'name' ? [key] : [key, 'name'];
}

/** What the inline bootstrap is given: the API base, the storage keys, the signed-in routes and their reads. */
export interface EarlyReadsConfig {
  base: string;
  /** The user's read (auth/me), sent first on every signed-in page. */
  me: string;
  tokenKey: string;
  loginFlagKey: string;
  adminKey: string;
  /** [pattern, guard, reads] of the signed-in routes with reads of their own or an admin guard, in the route table's order. */
  routes: [string, Guard, readonly string[] | ReadsByForm][];
  /** The `{sort}` query of each remembered sort key, and the key when none is remembered. */
  sort: { key: string; queries: Record<string, string>; fallback: string };
  /** Reads sent at low priority (LOW_PRIORITY_READS). */
  low: readonly string[];
  /** `{name:alias}`: the parameter's value replaced by what `aliases[alias]` maps it to, if anything. */
  aliases: Record<string, Record<string, string>>;
}

/**
 * The bootstrap's config; with `shell`, for that shell's HTML: only the routes it serves (src/routes.ts),
 * since a page's address is always one of its own shell's routes.
 */
export function earlyReadsConfig(base: string, shell?: string): EarlyReadsConfig {
  const keys = SORT_FIELDS.flatMap((field) => [field, `-${field}`]);
  return {
    base: base.replace(/\/+$/, ''),
    me: paths.auth.me,
    tokenKey: localKeys.token,
    loginFlagKey: localKeys.loggedIn,
    adminKey: sessionKeys.isOrgAdmin,
    routes: routes
      .filter((r) => shell === undefined || r.shell === shell)
      .filter((r) => r.guard === 'org-admin' || (r.guard === 'signed-in' && earlyReads[r.pattern]))
      .map((r) => [r.pattern, r.guard, earlyReads[r.pattern] ?? []]),
    sort: {
      key: SORT_STORAGE_KEY,
      queries: Object.fromEntries(keys.map((key) => [key, orderingOfSortKey(key).map((o) => `ordering=${o}`).join('&')])),
      fallback: DEFAULT_SORT_KEY,
    },
    low: LOW_PRIORITY_READS,
    aliases: { trash: { [WHOLE_TRASH_SEGMENT]: ROOT } },
  };
}

/**
 * The inline script's text: the bootstrap's function called with the config (of `shell`'s routes when
 * given: each shell's HTML carries its own), its comments and indentation left out (the bootstrap keeps
 * `//` out of its strings and code for this).
 */
export function earlyReadsScript(bootstrapSource: string, base: string, shell?: string): string {
  // `<` never appears in the config's JSON inside the <script> (ids are route parameters read at run time).
  return inlineCall(bootstrapSource, earlyReadsConfig(base, shell));
}

interface EarlyRead {
  /** The token the read was sent with: only a call with the same bearer takes it. */
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __rbEarlyReads?: Record<string, EarlyRead>;
  }
}

/**
 * The early read of `address` (as the transport sends it: '/api/v1/auth/me', with its query), once: a
 * GET with the same bearer token takes it and it is gone (a second call asks the network). Undefined
 * when there is none.
 */
export function takeEarlyRead(address: string, init: RequestInit): Promise<Response> | undefined {
  const kept = typeof window === 'undefined' ? undefined : window.__rbEarlyReads;
  const read = kept?.[address];
  if (!read) return undefined;
  if ((init.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  if (new Headers(init.headers).get('Authorization') !== `Bearer ${read.token}`) return undefined;
  delete kept[address];
  return read.response;
}
