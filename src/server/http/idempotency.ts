/**
 * Retried writes (issue #40 item 10; docs/api.md "Retried writes"): a POST under /api/v1 with an
 * `Idempotency-Key` header takes effect once. THE one mechanism, for every creating POST (and any other
 * POST of a signed-in caller), run by api.ts right after the sign-in:
 *
 * - the key is the caller's (`user:{id}@{organisation}` signed in, `token:{id}` with a personal API token,
 *   `share:{link}` with a share token: `scopeOf`) on one address (`POST /api/v1/…`); a call without a
 *   caller (signing up, the signed upload) ignores the header;
 * - the key is CLAIMED (one committed insert into `idempotency_keys`) BEFORE the work runs, so nothing —
 *   a concurrent repeat, a crash between the work's commit and its answer being stored — can make the work
 *   run twice for one key;
 * - the work's 2xx answer is stored on the key; a repeat with the same body (JSON compared with its object
 *   keys sorted) answers it again — same status, same body — with `Idempotent-Replayed: true`, even if the
 *   request would not pass now; the same key with another body → 422;
 * - a refused request (any other status) gives its key up: corrected, the same key may be sent again;
 * - a repeat while the first is in flight waits for its answer (IDEMPOTENCY_WAIT_MS); still in flight
 *   then (or cut off by a crash: its work may be done) → 409 with Retry-After, until the key expires;
 * - keys are kept IDEMPOTENCY_KEY_HOURS, then pruned (`keepIdempotencyKeysPruned`, background-jobs.ts);
 * - a route marked `keySettledInWork` (the checklist submissions) claims and answers the key INSIDE its
 *   own transaction instead (`c.var.keyInWork`): a crash rolls the claim back with the work, so its retry
 *   does the work — once; a concurrent repeat waits at the claim on PostgreSQL, then answers the first's.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/connection.ts';
import {
  answerKey,
  claimKey,
  dropExpiredKey,
  keyRow,
  pruneKeys,
  releaseKey,
  type IdempotencyKeyRow,
  type KeyInWork,
  type KeyOf,
} from '../db/queries/idempotency-keys.ts';
import type { AppEnv, Caller, Member, ShareCaller } from '../env.ts';
import { badRequest, HttpError, validationFailed } from '../errors.ts';
import { logger } from '../operations/logger.ts';

const HOUR = 60 * 60 * 1000;

/** The Idempotency-Key header: 1 to 255 visible ASCII characters (a UUID is a good one), or none. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  return key;
}

/**
 * Whose keys a request's are: a share link's, a personal API token's (each of one organisation), or a
 * signed-in user's in the organisation the call acts in (the member calls; the calls outside any
 * organisation — under /auth, one's own avatar — keep the user's keys whatever organisation the session
 * is in, so creating an organisation, which switches to it, is still retried once). Undefined without a caller.
 */
function scopeOf(c: Context<AppEnv>): string | undefined {
  const vars = c.var as AppEnv['Variables'] & { caller?: Caller; member?: Member; share?: ShareCaller };
  if (vars.share) return `share:${vars.share.linkId}`;
  const caller = vars.caller;
  if (!caller) return undefined;
  if (caller.apiToken) return `token:${caller.apiToken.id}`;
  return `user:${caller.user.id}@${vars.member?.orgId ?? '-'}`;
}

/** JSON with object keys sorted, so that one request always hashes alike however its keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a repeat must match: the body (a JSON body however its keys were ordered; anything else byte for byte). */
export function bodyHash(contentType: string, bytes: Uint8Array): string {
  const hash = createHash('sha256');
  if (contentType.includes('json')) {
    try {
      return hash.update(`json:${canonicalJson(JSON.parse(Buffer.from(bytes).toString('utf8')))}`).digest('hex');
    } catch {
      // Not JSON after all: the handler refuses it; compared byte for byte meanwhile.
    }
  }
  return hash.update('bytes:').update(bytes).digest('hex');
}

/** 422 with its field, of its own problem type (http/problem-types.ts): a client tells it from a refused value. */
const differentRequest = () => {
  const refusal = validationFailed([{ field: 'Idempotency-Key', message: 'was already used for a different request' }]);
  return new HttpError(422, refusal.detail, refusal.extra, {}, 'idempotency-mismatch');
};
const stillInFlight = () =>
  new HttpError(409, 'A request with this Idempotency-Key is still in progress; try again later', {}, { 'Retry-After': '1' });

/** The stored first answer, again. */
function replay(c: Context, row: IdempotencyKeyRow): Response {
  const headers = { ...(row.contentType ? { 'Content-Type': row.contentType } : {}), 'Idempotent-Replayed': 'true' };
  // A 204 (a POST that creates nothing) has no body to send again.
  if (!row.body) return c.body(null, row.status as StatusCode, headers);
  return c.body(row.body, row.status as ContentfulStatusCode, headers);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Marks a route whose service settles the key in the work's own transaction (`c.var.keyInWork`, passed to
 * the service): the claim and the answer commit or roll back with the work, so even a crash can neither
 * make it twice nor leave a key that blocks its retry. Placed in the route's chain, before its handler.
 */
export const keySettledInWork: MiddlewareHandler = async (_c, next) => {
  await next();
};

/** Hono keeps a mounted sub-app's handler under this name when it wraps it. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

function settlesInWork(c: Context): boolean {
  return matchedRoutes(c).some((r) => r.handler === keySettledInWork || (r.handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER] === keySettledInWork);
}

/** The handle a `keySettledInWork` route's service claims and answers its key with. */
function keyInWork(k: KeyOf, requestHash: string, now: () => Date) {
  const handle = {
    claimed: false,
    /** Another request held the key: the work did not run; its answer is the one to send. */
    taken: false,
    async claim(tx: Queryable) {
      const claimed = await claimKey(tx, k, requestHash, now());
      handle.claimed = claimed;
      handle.taken = !claimed;
      return claimed;
    },
    async answer(tx: Queryable, status: number, body: unknown) {
      await answerKey(tx, k, { status, contentType: 'application/json', body: JSON.stringify(body) }, now());
    },
  } satisfies KeyInWork & Record<string, unknown>;
  return handle;
}

/** The middleware (see above); `db` and `config` are the server's. */
export function idempotency(db: Queryable, config: Config, now: () => Date): MiddlewareHandler<AppEnv> {
  const keptMs = config.idempotencyKeyHours * HOUR;
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const key = idempotencyKeyOf(c);
    if (key === undefined) return next();
    const scope = scopeOf(c);
    if (scope === undefined) return next();
    const k: KeyOf = { scope, address: `POST ${c.req.path}`, key };
    const requestHash = bodyHash(c.req.header('content-type') ?? '', new Uint8Array(await c.req.raw.clone().arrayBuffer()));
    const inWork = settlesInWork(c);
    /** Whether the route has run (a `keySettledInWork` route that found the key taken): its answer is replaced. */
    let ran = false;

    const waitUntil = Date.now() + config.idempotencyWaitMs;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      if (!inWork && (await claimKey(db, k, requestHash, now()))) return runHoldingKey(c, next, db, k, now);
      const row = await keyRow(db, k);
      if (!row) {
        if (!inWork) continue; // given up meanwhile (its request was refused): claim it now
        if (ran) throw stillInFlight();
        const handle = keyInWork(k, requestHash, now);
        c.set('keyInWork', handle);
        ran = true;
        await next();
        if (!handle.taken) {
          if (!handle.claimed && c.res.status >= 200 && c.res.status < 300) logger().error(`${k.address} answered without settling its Idempotency-Key`);
          return;
        }
        continue; // a concurrent request took the key first: its answer, below
      }
      if (row.createdAt.getTime() <= now().getTime() - keptMs) {
        await dropExpiredKey(db, k, new Date(now().getTime() - keptMs));
        continue;
      }
      if (row.requestHash !== requestHash) throw differentRequest();
      if (row.status !== null) {
        if (!ran) return replay(c, row);
        c.res = replay(c, row);
        return;
      }
      if (Date.now() >= waitUntil) throw stillInFlight();
      await pause(delay);
    }
  };
}

/** Runs the request holding its key: a 2xx answer is stored on the key, anything else gives the key up. */
async function runHoldingKey(c: Context, next: Next, db: Queryable, k: KeyOf, now: () => Date): Promise<void> {
  try {
    await next();
  } catch (err) {
    await releaseKey(db, k);
    throw err;
  }
  const res = c.res;
  if (res.status >= 200 && res.status < 300 && !c.error) {
    const answer = { status: res.status, contentType: res.headers.get('content-type'), body: await res.clone().text() };
    await answerKey(db, k, answer, now());
  } else {
    await releaseKey(db, k);
  }
}

/** The background pass: drops keys older than IDEMPOTENCY_KEY_HOURS every IDEMPOTENCY_PRUNE_INTERVAL_MS. */
export function keepIdempotencyKeysPruned(db: Queryable, config: Config, now: () => Date): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = pruneKeys(db, new Date(now().getTime() - config.idempotencyKeyHours * HOUR)).catch((err: unknown) =>
      logger().error({ err }, 'Pruning the Idempotency-Keys failed'),
    );
  };
  prune();
  const timer = setInterval(prune, config.idempotencyPruneIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
