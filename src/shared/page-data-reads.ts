/**
 * THE table of each signed-in page's first reads (issue #8's early reads; issue #31's first data): for a
 * route pattern of src/routes.ts, its page's first reads after `me` (auth/me), each by its name
 * (`PageReadName`, ./page-data.ts) with its API address (relative to the API base, built by ./api/paths.ts).
 * The server alone expands them (`pageReadsOf`, src/server/http/page-data.ts) into the page data block:
 * it answers them into the HTML when the session cookie says who is asking, and the HTML's bootstrap
 * (src/client/page-data-bootstrap.js) sends those not answered while the modules download.
 * `{name}` is a route parameter, `{name:alias}` the same through an alias table of `READ_ALIASES`, `{sort}`
 * the folder sort remembered in the browser (the server, which cannot know it, uses the default); a route
 * whose parameter names one of two things reads by that parameter's form (`ReadsByForm`). The page's modules
 * name the read they make first (src/client/api.ts: the `pageRead` of a call) and take its answer by that
 * name, whatever its address (tests/unit/client/page-data-script.test.ts: every route's reads taken).
 */
import { ROOT, WHOLE_TRASH_SEGMENT } from './api/documentation.ts';
import * as paths from './api/paths.ts';
import type { PageReadName, PageReads } from './page-data.ts';

/**
 * An address of paths.ts with route parameters in it: `at(paths.documentation.folder, '{folderId}')` is
 * 'documentation/folders/{folderId}' (paths.ts encodes each segment; `pageReadsOf` fills `{…}` for the page,
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
  digits: PageReads;
  other: PageReads;
}

/** Every signed-in page reads `me` (auth/me) first (the server adds it); these are the route's own reads, by name. */
export const pageReads: Readonly<Record<string, PageReads | ReadsByForm>> = {
  '/documentation/browse': { folder: ROOT_FOLDER, contents: contents(ROOT), drawer: DRAWER },
  // A folder's and a document's answer carry the root's id (`root_id`, the breadcrumbs' 'Documentation').
  '/documentation/browse/:folderId': { folder: at(paths.documentation.folder, '{folderId}'), contents: contents('{folderId}'), drawer: DRAWER },
  '/documentation/view/:id': { document: doc, drawer: DRAWER },
  '/documentation/view/:id/version/:version': { version: at(paths.documentation.version, '{id}', '{version}'), drawer: DRAWER },
  // Version n (…/{n}, all digits) or a submitted row (…/{rowId}), told apart as viewTarget does (addresses.ts).
  '/documentation/view/:id/:second': {
    param: 'second',
    digits: { version: at(paths.documentation.version, '{id}', '{second}'), drawer: DRAWER },
    other: { document: doc, row: row('second'), drawer: DRAWER },
  },
  '/documentation/edit/:id': { document: doc, drawer: DRAWER },
  '/documentation/:id/history': { document: doc, history: `${at(paths.documentation.history, '{id}')}?skip=0&limit=100`, drawer: DRAWER },
  // `/documentation/trash/1` is the whole trash's address in the spec's links: its folder is the root (trashFolderOf).
  '/documentation/trash/:folderId': { folder: at(paths.documentation.folder, '{folderId:trash}'), drawer: DRAWER },
  '/documentation/results/:documentId/:id': { document: at(paths.documentation.document, '{documentId}'), row: row('id'), drawer: DRAWER },
  // The results grid's document (src/screens/documentation/results.ts); its rows (`rows`) once the document is in.
  '/documentation/results/:id': { document: doc, drawer: DRAWER },
  '/documentation/search': { drawer: DRAWER },
  // The labels of the folder's own items (src/screens/documentation/qr-sheet.ts); its subtree is read when asked for.
  '/documentation/qr-sheet/:folderId': { qrSheet: at(paths.documentation.qrSheet, '{folderId}'), drawer: DRAWER },
  // The dashboard (src/screens/home/dashboard.ts: dashboardApiReads, and its guidance's first steps); in the
  // picker and create modes they go unused.
  '/': { assignments: paths.workflow.assignments, favourites: paths.documentation.favorites, recentActivity: RECENT_ACTIVITY, firstSteps: FIRST_STEPS },
  // The admin islands' first pages (islands/admin: 100 rows by skip/limit) and the settings page's reads.
  '/admin/roles': { roles: ROLES_FIRST_PAGE },
  '/admin/roles/:id': { role: at(paths.roles.role, '{id}') },
  '/admin/activity-log': { activity: `${paths.activity}?skip=0&limit=100` },
  // The members' API tokens (src/screens/admin/api-tokens.ts: the first 100, newest first; issue #34).
  '/admin/api-tokens': { memberApiTokens: `${paths.users.apiTokens}?skip=0&limit=100` },
  '/admin/settings': { memberCount: `${paths.users.list}?limit=1`, buildInfo: paths.buildInfo, mailFailures: paths.settings.mailFailures },
  // The webhooks (islands/admin/webhooks): the list; a webhook's page, its folder choices (the root's first
  // page, WebhookEdit's folderChoices) and, when it changes one, the endpoint and its delivery log's
  // first page (DeliveryLog: DELIVERY_LOG_PAGE).
  '/admin/webhooks': { webhooks: paths.webhooks.list },
  '/admin/webhooks/new': { webhookFolders: WEBHOOK_FOLDER_CHOICES },
  '/admin/webhooks/:id': { webhook: at(paths.webhooks.endpoint, '{id}'), webhookFolders: WEBHOOK_FOLDER_CHOICES, deliveries: `${at(paths.webhooks.deliveries, '{id}')}?skip=0&limit=50` },
  // The users screens (islands/admin/users, user-form): the first page of members (20, with no saved filters) and the roles (100 a page).
  '/admin/users': { users: `${paths.users.list}?ordering=username&skip=0&limit=20`, roles: ROLES_FIRST_PAGE },
  '/admin/users/new': { roles: ROLES_FIRST_PAGE },
  '/admin/users/:id': { user: at(paths.users.user, '{id}'), roles: ROLES_FIRST_PAGE },
  // Single sign-on (src/screens/admin/sso.ts: ssoReads): the connection (404 while there is none), the roles, the org admins first.
  '/admin/sso': { sso: paths.sso.connection, roles: ROLES_FIRST_PAGE, ssoAdmins: `${paths.users.list}?ordering=-is_org_admin&ordering=username&skip=0&limit=100` },
  // The plans (src/screens/billing/billing.ts: billingReads); an empty list when billing is off.
  '/billing': { plans: paths.billing.products },
  // Account Settings' API Tokens card (src/screens/account/api-tokens.ts: the user's own tokens, one list).
  '/account-settings': { apiTokens: paths.auth.apiTokens },
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
export const LOW_PRIORITY_READS: readonly PageReadName[] = ['drawer', 'recentActivity', 'firstSteps'];

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
 * by name, expanded for the page's address: addresses relative to the API base. `{sort}` becomes the query
 * of `sortKey` (the default sort when none is given); with `sortKey` null it stays `{sort}`, for the page's
 * bootstrap to fill with the sort this browser remembers.
 */
export function pageReadsOf(pattern: string, params: Readonly<Record<string, string>>, sortKey: string | null = DEFAULT_SORT_KEY): PageReads {
  const own = pageReads[pattern];
  if (!own) return {};
  const reads: PageReads = 'param' in own ? (/^[0-9]+$/.test(params[own.param as string] ?? '') ? (own as ReadsByForm).digits : (own as ReadsByForm).other) : own;
  const expand = (read: string) =>
    read.replace(/\{(\w+)(?::(\w+))?\}/g, (_, name: string, alias: string | undefined) => {
      if (name === 'sort') return sortKey === null ? '{sort}' : (SORT_QUERIES[sortKey] ?? SORT_QUERIES[DEFAULT_SORT_KEY]!);
      const value = encodeURIComponent(params[name] ?? '');
      const aliases = alias ? (READ_ALIASES[alias] ?? {}) : {};
      return Object.prototype.hasOwnProperty.call(aliases, value) ? aliases[value]! : value;
    });
  return Object.fromEntries(Object.entries(reads).map(([name, read]) => [name, expand(read)])) as PageReads;
}
