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
 * the query strings are checked by tests/unit/client/early-reads-bootstrap.test.ts and tests/e2e/one-api-level.spec.ts.
 */
import { routes, type Guard } from '../routes.ts';
import * as paths from '../shared/api/paths.ts';
import { DEFAULT_SORT_KEY, firstReads, LOW_PRIORITY_READS, READ_ALIASES, SORT_QUERIES, SORT_STORAGE_KEY, type ReadsByForm } from '../shared/first-reads.ts';
import { localKeys, sessionKeys } from './storage.ts';
import { inlineCall } from './inline-call.ts';

/** THE table lives in src/shared/first-reads.ts (the server answers the same reads into the HTML). */
export { firstReads as earlyReads, LOW_PRIORITY_READS, orderingOfSortKey, type ReadsByForm } from '../shared/first-reads.ts';

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
  return {
    base: base.replace(/\/+$/, ''),
    me: paths.auth.me,
    tokenKey: localKeys.token,
    loginFlagKey: localKeys.loggedIn,
    adminKey: sessionKeys.isOrgAdmin,
    routes: routes
      .filter((r) => shell === undefined || r.shell === shell)
      .filter((r) => r.guard === 'org-admin' || (r.guard === 'signed-in' && firstReads[r.pattern]))
      .map((r) => [r.pattern, r.guard, firstReads[r.pattern] ?? []]),
    sort: {
      key: SORT_STORAGE_KEY,
      queries: { ...SORT_QUERIES },
      fallback: DEFAULT_SORT_KEY,
    },
    low: LOW_PRIORITY_READS,
    aliases: READ_ALIASES as Record<string, Record<string, string>>,
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
