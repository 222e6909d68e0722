/**
 * THE sign-in of the API (issue #30): one middleware, `signIn(table, shareRoutes)`, that api.ts runs before
 * every handler. It picks the caller's chain by the request's path under /api/v1 from one table (api.ts
 * ACCESS: a path prefix, optionally with a method → a chain): the longest prefix that holds the path wins,
 * a method's entry before one without at the same prefix. Nothing depends on the order of the table or of
 * the mounts: no route and no area signs a caller in on its own.
 *
 * The chains:
 * - PUBLIC: no sign-in (the call's own token or signature is its proof, or it shows nothing private);
 * - SIGNED_ADDRESS: as PUBLIC, and a share token is let through too (`POST uploads`: the signed fields are
 *   the permission, whoever sends them);
 * - SIGNED_IN: `authenticate` (a live login session's bearer token → `c.var.caller`, `c.var.membership`);
 * - MEMBER, MEMBER_EVEN_IF_EXPIRED: and a member of a current organisation (auth/membership.ts);
 * - ORG_ADMIN (and any chain ending in `orgAdminsOnly(detail)`): and its admin;
 * - SHARE_TOKEN: a share token only (answered by routes/shared-checklist.ts); anyone else gets 401.
 *
 * Personal API tokens (`rb_pat_…`, auth/api-tokens.ts): the calls of its table TOKEN_REFUSALS answer 403
 * (told by the prefix, before any lookup); every other call signs the token's user in by its chain, as
 * `authenticate` resolves a token (its organisation, the user's rights now, read-only scope).
 *
 * Share tokens (auth/share-links.ts): a request with `Authorization: Bearer share_…` reaches only the
 * routes of the share allow-list (`shareRoutes`: the routes of routes/shared-checklist.ts) — where the
 * link is looked up and checked into `c.var.share` — and SIGNED_ADDRESS calls. Anywhere else it is refused
 * 401 'Could not validate credentials' without being looked up (what `refuseShareTokens` did).
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv, ShareEnv, SignedInEnv } from '../env.ts';
import { forbidden, notAuthenticated } from '../errors.ts';
import { apiTokenOf, ownUserRefusalTarget, refuseOwnUserCall, tokenRefusalOf } from './api-tokens.ts';
import { authenticate } from './authenticate.ts';
import { entryOf } from './path-table.ts';
import { requireMember, requireMemberEvenIfExpired, requireOrgAdmin } from './membership.ts';
import { shareCallerOf, shareTokenOf } from './share-links.ts';

// Each step is typed for the variables it reads; a chain runs them in order on one request.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Chain = readonly MiddlewareHandler<any>[];

export const PUBLIC: Chain = Object.freeze([]);
export const SIGNED_ADDRESS: Chain = Object.freeze([]);
export const SIGNED_IN: Chain = [authenticate];
export const MEMBER: Chain = [authenticate, requireMember];
/** `billing/*`: an expired organisation's admin can always pay (no 402). */
export const MEMBER_EVEN_IF_EXPIRED: Chain = [authenticate, requireMemberEvenIfExpired];
export const ORG_ADMIN: Chain = [...MEMBER, requireOrgAdmin];
export const SHARE_TOKEN: Chain = [
  () => {
    throw notAuthenticated();
  },
];

/** `'/prefix'` or `'METHOD /prefix'` (under /api/v1) → the chain of the calls it holds. */
export type AccessTable = Readonly<Record<string, Chain>>;

/** A route as Hono has it, e.g. `{ method: 'GET', path: '/documentation/documents/:id' }`. */
export interface RouteName {
  method: string;
  path: string;
}

/**
 * The request's path under the API: the middleware runs at `<mount>/*` (`/api/v1/*` in the app, `/*` when
 * the API answers on its own), and the path is what follows.
 */
export function pathInApi(c: Context): string {
  const mount = routePath(c).replace(/\/?\*$/, '');
  return c.req.path.slice(mount.length) || '/';
}

/** The chain of a call: the longest prefix that holds `path`, a method's entry first (auth/path-table.ts). */
export function chainOf(table: AccessTable, method: string, path: string): Chain | undefined {
  return entryOf(table, method, path);
}

/** A route's path as a pattern: `:name` one segment, `:name{a|b}` one of those. */
export function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

async function run(chain: Chain, c: Context, next: Next): Promise<Response | void> {
  const step = async (i: number): Promise<Response | void> => (i === chain.length ? next() : chain[i]!(c, () => step(i + 1) as Promise<void>));
  return step(0);
}

/** THE sign-in middleware (see above). A table without a `'/'` entry signs members in wherever it names nothing. */
export function signIn(table: AccessTable, shareRoutes: readonly RouteName[]): MiddlewareHandler<AppEnv> {
  const shareCalls = shareRoutes.map((r) => ({ method: r.method, pattern: patternOf(r.path) }));
  return async (c, next) => {
    const path = pathInApi(c);
    // A HEAD is answered by the GET route of its address.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const chain = chainOf(table, method, path) ?? MEMBER;
    // A personal API token never makes the calls of THE table of refusals (auth/api-tokens.ts), told by its prefix alone.
    const refusal = apiTokenOf(c) === undefined ? undefined : tokenRefusalOf(method, path);
    if (refusal !== undefined) throw forbidden(refusal);
    const token = shareTokenOf(c);
    // A token's calls on its own user that the table refuses (`{ ownUser }`), known once the chain has signed it in.
    if (token === undefined && refusal === undefined && apiTokenOf(c) !== undefined && ownUserRefusalTarget(method, path) !== undefined) {
      return run(chain, c, () => {
        refuseOwnUserCall((c as unknown as Context<SignedInEnv>).var.caller, method, path);
        return next();
      });
    }
    if (token === undefined) return run(chain, c, next);
    if (chain === SIGNED_ADDRESS) return next();
    if (!shareCalls.some((r) => r.method === method && r.pattern.test(path))) throw notAuthenticated();
    (c as unknown as Context<ShareEnv>).set('share', await shareCallerOf(c.var.deps, token));
    return next();
  };
}
