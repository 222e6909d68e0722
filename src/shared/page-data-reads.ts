/**
 * THE table of each signed-in page's first reads (issue #8's early reads; issue #31's first data): for a
 * route pattern of src/routes.ts, the API addresses (relative to the API base, built by ./api/paths.ts)
 * its page asks for first, after `auth/me`. Two readers expand it the same way:
 * - the HTML's bootstrap (src/client/page-data-bootstrap.js, configured by src/client/page-data-script.ts)
 *   sends them while the modules download;
 * - the server (src/server/http/page-data.ts) answers them into the HTML when the session cookie
 *   says who is asking (`pageReadsOf`).
 * `{name}` is a route parameter, `{name:alias}` the same through an alias table of `READ_ALIASES`, `{sort}`
 * the folder sort remembered in the browser (the server, which cannot know it, uses the default); a route
 * whose parameter names one of two things reads by that parameter's form (`ReadsByForm`). Each address
 * must be EXACTLY the one the page's module asks for (tests/unit/client/page-data-script.test.ts).
 */
import { ROOT, WHOLE_TRASH_SEGMENT } from './api/documentation.ts';
import * as paths from './api/paths.ts';

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
/** The dashboard's guidance (src/screens/home/dashboard-guidance.ts): the first steps and the bits at the root. */
const FIRST_STEPS = paths.workflow.firstSteps;
/** The root folder (the whole documentation's folder page and trash). */
const ROOT_FOLDER = paths.documentation.folder(ROOT);
/** A folder's first page of contents in the remembered sort (islands/browse/folder-open.ts). */
const contents = (folder: string) => `${at(paths.documentation.contents, folder)}?{sort}&limit=100`;
/** The route's document (`:id`), and a submitted row named by the route parameter `param`. */
const doc = at(paths.documentation.document, '{id}');
const row = (param: string) => at(paths.documentation.submittedRow, `{${param}}`);
const ROLES_FIRST_PAGE = `${paths.roles.list}?skip=0&limit=100`;
/**
 * The folders a webhook may be narrowed to (islands/admin/webhooks/WebhookEdit.tsx: folderChoices): THE folder
 * tree's first page of the root. Its parameters' order is not the drawer's, which reads the root later, on its own.
 */
const WEBHOOK_FOLDER_CHOICES = `${paths.documentation.contents(ROOT)}?ordering=kind&ordering=name&skip=0&limit=100`;

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
export const pageReads: Readonly<Record<string, readonly string[] | ReadsByForm>> = {
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
  // The dashboard (src/screens/home/dashboard.ts: dashboardApiReads, and its guidance's first steps); in the
  // picker and create modes they go unused.
  '/': [paths.workflow.assignments, paths.documentation.favorites, RECENT_ACTIVITY, FIRST_STEPS],
  // The admin islands' first pages (islands/admin: 100 rows by skip/limit) and the settings page's reads.
  '/admin/roles': [ROLES_FIRST_PAGE],
  '/admin/roles/:id': [at(paths.roles.role, '{id}')],
  '/admin/activity-log': [`${paths.activity}?skip=0&limit=100`],
  // The members' API tokens (src/screens/admin/api-tokens.ts: the first 100, newest first; issue #34).
  '/admin/api-tokens': [`${paths.users.apiTokens}?skip=0&limit=100`],
  '/admin/settings': [`${paths.users.list}?limit=1`, paths.buildInfo, paths.settings.mailFailures],
  // The webhooks (islands/admin/webhooks): the list; a webhook's page, its folder choices (the root's first
  // 1000 items, WebhookEdit's folderChoices) and, when it changes one, the endpoint and its delivery log's
  // first page (DeliveryLog: DELIVERY_LOG_PAGE).
  '/admin/webhooks': [paths.webhooks.list],
  '/admin/webhooks/new': [WEBHOOK_FOLDER_CHOICES],
  '/admin/webhooks/:id': [at(paths.webhooks.endpoint, '{id}'), WEBHOOK_FOLDER_CHOICES, `${at(paths.webhooks.deliveries, '{id}')}?skip=0&limit=50`],
  // The users screens (islands/admin/users, user-form): the first page of members (20) and the roles (100 a page).
  '/admin/users': [`${paths.users.list}?ordering=username&skip=0&limit=20`, ROLES_FIRST_PAGE],
  '/admin/users/new': [ROLES_FIRST_PAGE],
  '/admin/users/:id': [at(paths.users.user, '{id}'), ROLES_FIRST_PAGE],
  // Single sign-on (src/screens/admin/sso.ts: ssoReads): the connection (404 while there is none), the roles, the org admins first.
  '/admin/sso': [paths.sso.connection, ROLES_FIRST_PAGE, `${paths.users.list}?ordering=-is_org_admin&ordering=username&skip=0&limit=100`],
  // The plans (src/screens/billing/billing.ts: billingReads); an empty list when billing is off.
  '/billing': [paths.billing.products],
  // Account Settings' API Tokens card (src/screens/account/api-tokens.ts: the user's own tokens, one list).
  '/account-settings': [paths.auth.apiTokens],
};

/**
 * Reads sent at low priority. Over HTTP/1.1 a browser opens six connections to a host, and what a first
 * page's HTML asks for at once must fit in them: a seventh request waits for the first answer (a round trip
 * on a slow phone), and when it is a module the whole paint waits with it. A low-priority read waits
 * instead, behind the modules and the reads the page paints first: the drawer's folders (nothing on the
 * page paints from them), home's Recent Activity, the dashboard's last panel (below the first screen on
 * a phone; without it home asked for seven things and its `core` module waited), and home's first steps
 * (the guidance of empty panels: with the session cookie the HTML carries it, issue #31).
 * tests/e2e/module-preload.spec.ts counts each first page's requests.
 */
export const LOW_PRIORITY_READS: readonly string[] = [DRAWER, RECENT_ACTIVITY, FIRST_STEPS];

/** Where the folder browser remembers its sort (islands/browse/sort-orders.ts) and its choices' keys. */
export const SORT_STORAGE_KEY = 'documentationSort';
export const SORT_FIELDS = ['name', 'kind', 'created_at', 'modified_at'] as const;
export const DEFAULT_SORT_KEY = 'kind';

/** The `ordering` of a sort key ('-created_at' → ['-created_at', 'name']): ties fall back to the name. */
export function orderingOfSortKey(key: string): string[] {
  const field = key.replace(/^-/, '');
  return field === 'name' ? [key] : [key, 'name'];
}

/** The `{sort}` query of each sort key ('kind' → 'ordering=kind&ordering=name'). */
export const SORT_QUERIES: Readonly<Record<string, string>> = Object.fromEntries(
  SORT_FIELDS.flatMap((field) => [field, `-${field}`]).map((key) => [key, orderingOfSortKey(key).map((o) => `ordering=${o}`).join('&')]),
);

/** `{name:alias}`: the parameter's value replaced by what the alias table maps it to, if anything. */
const READ_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = { trash: { [WHOLE_TRASH_SEGMENT]: ROOT } };

/**
 * The first reads of a route pattern with its parameters (decoded, as src/routes.ts matchRoute gives them),
 * expanded for the page's address: addresses relative to the API base. `{sort}` becomes the query of
 * `sortKey` (the default sort when none is given); with `sortKey` null it stays `{sort}`, for the page's
 * bootstrap to fill with the sort this browser remembers.
 */
export function pageReadsOf(pattern: string, params: Readonly<Record<string, string>>, sortKey: string | null = DEFAULT_SORT_KEY): string[] {
  const own = pageReads[pattern];
  if (!own) return [];
  const reads = 'param' in own ? (/^[0-9]+$/.test(params[own.param] ?? '') ? own.digits : own.other) : own;
  return reads.map((read) =>
    read.replace(/\{(\w+)(?::(\w+))?\}/g, (_, name: string, alias: string | undefined) => {
      if (name === 'sort') return sortKey === null ? '{sort}' : (SORT_QUERIES[sortKey] ?? SORT_QUERIES[DEFAULT_SORT_KEY]!);
      const value = encodeURIComponent(params[name] ?? '');
      const aliases = alias ? (READ_ALIASES[alias] ?? {}) : {};
      return Object.prototype.hasOwnProperty.call(aliases, value) ? aliases[value]! : value;
    }),
  );
}
