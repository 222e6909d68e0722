/** Recognises database errors that answer as client errors rather than 500s. */

interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgError(err: unknown): PgError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const candidate = e as PgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    e = candidate.cause;
  }
  return undefined;
}

/** A unique index was violated (optionally: that index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || String((err as Error).message ?? '').includes(constraint);
}

/** PostgreSQL does not know a time zone the runtime knew (22023 "time zone … not recognized"). */
export function isUnknownTimeZone(err: unknown): boolean {
  const e = pgError(err);
  return e?.code === '22023' && /time zone/i.test(String((e as { message?: unknown }).message ?? (err as Error).message ?? ''));
}
