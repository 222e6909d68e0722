/**
 * THE route table: every page address of the product, the prerendered shell that serves it and the
 * guard that protects it. The server, the dev server, the service worker and the tests all read it.
 *
 * A shell is the path of an Astro page under src/pages without its extension ("login" is
 * src/pages/login.astro, built to dist/login/index.html). Routes whose shell is not built yet answer
 * with the not-found screen, like any other unknown address.
 */

export type Guard = 'public' | 'signed-in' | 'org-admin';

export interface Route {
  /** Address pattern; `:name` matches one path segment. */
  pattern: string;
  /** Astro page (under src/pages, no extension) prerendered for this pattern. */
  shell: string;
  guard: Guard;
}

export const routes: readonly Route[] = [
  // accounts (spec: accounts-admin-billing §2)
  { pattern: '/login', shell: 'login', guard: 'public' },
  { pattern: '/register', shell: 'register', guard: 'public' },
  { pattern: '/auth/activate', shell: 'auth/activate', guard: 'public' },
  { pattern: '/reset-password', shell: 'reset-password', guard: 'public' },
  { pattern: '/invitation/:id', shell: 'invitation', guard: 'public' },
  // the link mailed to a new e-mail address (issue 10): ?token=…
  { pattern: '/confirm-email', shell: 'confirm-email', guard: 'public' },
  { pattern: '/', shell: 'index', guard: 'signed-in' },
  { pattern: '/account-settings', shell: 'account-settings', guard: 'signed-in' },
  { pattern: '/billing', shell: 'billing', guard: 'signed-in' },
  { pattern: '/billing/success', shell: 'billing/success', guard: 'signed-in' },
  { pattern: '/billing/cancel', shell: 'billing/cancel', guard: 'signed-in' },
  { pattern: '/admin', shell: 'admin', guard: 'org-admin' },
  { pattern: '/admin/users', shell: 'admin/users', guard: 'org-admin' },
  { pattern: '/admin/users/new', shell: 'admin/users/new', guard: 'org-admin' },
  { pattern: '/admin/users/:id', shell: 'admin/users/edit', guard: 'org-admin' },
  { pattern: '/admin/roles', shell: 'admin/roles', guard: 'org-admin' },
  { pattern: '/admin/roles/new', shell: 'admin/roles/new', guard: 'org-admin' },
  { pattern: '/admin/roles/:id', shell: 'admin/roles/edit', guard: 'org-admin' },
  { pattern: '/admin/activity-log', shell: 'admin/activity-log', guard: 'org-admin' },
  { pattern: '/admin/webhooks', shell: 'admin/webhooks', guard: 'org-admin' },
  { pattern: '/admin/webhooks/new', shell: 'admin/webhooks/new', guard: 'org-admin' },
  { pattern: '/admin/webhooks/:id', shell: 'admin/webhooks/edit', guard: 'org-admin' },
  { pattern: '/admin/settings', shell: 'admin/settings', guard: 'org-admin' },
  { pattern: '/admin/sso', shell: 'admin/sso', guard: 'org-admin' },
  { pattern: '/admin/create-org', shell: 'admin/create-org', guard: 'org-admin' },
  // the members' personal API tokens (issue #34)
  { pattern: '/admin/api-tokens', shell: 'admin/api-tokens', guard: 'org-admin' },
  // documentation area (spec: documentation-area §2)
  { pattern: '/documentation/browse', shell: 'documentation/browse', guard: 'signed-in' },
  { pattern: '/documentation/browse/:folderId', shell: 'documentation/browse', guard: 'signed-in' },
  { pattern: '/documentation/view/:id', shell: 'documentation/view', guard: 'signed-in' },
  { pattern: '/documentation/view/:id/version/:version', shell: 'documentation/view', guard: 'signed-in' },
  // `:second` is a version number when all digits, otherwise a submitted row id
  { pattern: '/documentation/view/:id/:second', shell: 'documentation/view', guard: 'signed-in' },
  { pattern: '/documentation/results/:id', shell: 'documentation/results', guard: 'signed-in' },
  { pattern: '/documentation/results/:documentId/:id', shell: 'documentation/result-row', guard: 'signed-in' },
  // a photo of an answer, opened for a signed-in reader (issue #32: the results CSV links to it)
  { pattern: '/documentation/media/:documentId/:id', shell: 'documentation/media', guard: 'signed-in' },
  { pattern: '/documentation/edit/:id', shell: 'documentation/edit', guard: 'signed-in' },
  { pattern: '/documentation/search', shell: 'documentation/search', guard: 'signed-in' },
  // the trash is offered to org admins (documentation §1): anyone else is sent home with the alert (issue #32)
  { pattern: '/documentation/trash/:folderId', shell: 'documentation/trash', guard: 'org-admin' },
  // QR label sheets of a folder (issue #29; docs/documentation-tree.md "QR codes and label sheets")
  { pattern: '/documentation/qr-sheet/:folderId', shell: 'documentation/qr-sheet', guard: 'signed-in' },
  { pattern: '/documentation/:id/history', shell: 'documentation/history', guard: 'signed-in' },
  // schedules of recurring checks (issue #44)
  { pattern: '/documentation/schedules', shell: 'documentation/schedules', guard: 'signed-in' },
  { pattern: '/documentation/schedules/:id', shell: 'documentation/schedule', guard: 'signed-in' },
  // share links (issue 29): a checklist filled without an account, on its own page and in another site's frame
  { pattern: '/fill/:token', shell: 'fill', guard: 'public' },
  { pattern: '/embed/fill/:token', shell: 'embed/fill', guard: 'public' },
  // the elements for other sites (issue 29): how to embed them, and each one's reference from the manifest
  { pattern: '/elements', shell: 'elements', guard: 'public' },
  // the API described for people (issue #34): the OpenAPI document rendered by Scalar (docs/api.md)
  { pattern: '/api/docs', shell: 'api/docs', guard: 'public' },
];

/** The shell served, with status 404, for every address the table does not know. */
export const notFoundShell = '404';

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Finds the route for an address path (no query); a trailing slash is ignored. */
export function matchRoute(path: string): RouteMatch | undefined {
  const segments = splitPath(path);
  if (segments === undefined) return undefined;
  for (const route of routes) {
    const params = matchSegments(splitPath(route.pattern) ?? [], segments);
    if (params) return { route, params };
  }
  return undefined;
}

/** The built file of a shell, relative to the build output folder. */
export function shellFile(shell: string): string {
  return shell === 'index' ? 'index.html' : shell === notFoundShell ? '404.html' : `${shell}/index.html`;
}

/** The shell name of a page from the address Astro builds it at ("/admin/users/" → "admin/users"). */
export function shellOfPagePath(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, '').replace(/\.html$/, '');
  return trimmed === '' ? 'index' : trimmed;
}

/** The guard of a shell: the strictest guard of the routes it serves, public when none. */
export function guardOfShell(shell: string): Guard {
  const order: Guard[] = ['public', 'signed-in', 'org-admin'];
  return routes
    .filter((r) => r.shell === shell)
    .reduce<Guard>((g, r) => (order.indexOf(r.guard) > order.indexOf(g) ? r.guard : g), 'public');
}

function splitPath(path: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  return decoded.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = s;
    else if (p !== s) return undefined;
  }
  return params;
}
