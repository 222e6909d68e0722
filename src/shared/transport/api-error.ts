/**
 * How a call to our API fails, read ONE way for every caller (the app, the islands, the elements):
 * `status` is the server's status and `detail` its `{detail}` text; a call that got no answer at all
 * (offline, DNS, connection reset) has status 0 and `network` true.
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came back. */
    readonly status: number,
    /** The server's `detail` (one line), or a short description when it gave none. */
    readonly detail: string,
    /** The whole answer as parsed, for what a refusal says beside its detail (e.g. a next step's token). */
    readonly body?: unknown,
    /** The answer's Retry-After in seconds (a 429, a 503), when it gave one. */
    readonly retryAfter?: number,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  /** No answer came back: sending again later may work, nothing was refused. */
  get network(): boolean {
    return this.status === 0;
  }
}

/** A Retry-After header's delay in seconds (our server sends seconds); undefined when absent or not a delay. */
export function retryAfterOf(header: string | null | undefined): number | undefined {
  const seconds = header ? Number(header) : Number.NaN;
  return seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** The server's `detail` as one line of text (a 422's list of field problems joined by '; '). */
export function detailOf(data: unknown): string | undefined {
  const detail = (data as { detail?: unknown } | null | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d) => (d as { msg?: string } | null)?.msg ?? String(d)).join('; ');
  return undefined;
}
