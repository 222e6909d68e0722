/**
 * THE one way to turn a failure into words a person reads (issue #30): every screen, island and element
 * that shows why something failed calls `problemText`, so no one sees a raw exception ("TypeError: …").
 */
import { ApiError } from './api-error.ts';

/** What a person reads when no answer came back (offline, DNS, a dropped connection). */
export const NETWORK_PROBLEM = 'Could not reach the server. Check your connection and try again.';

/** The spec's words for a failure with nothing more to say (§8), the fallback of most sites. */
export const SOMETHING_WENT_WRONG = 'Something went wrong, please try again';

/** A fetch that got no answer rejects with a TypeError saying so, in each browser's words (and Node's). */
const FETCH_FAILED = /failed to fetch|fetch failed|networkerror|network error|load failed|network connection was lost/i;

/** No answer came back: our ApiError of status 0, a fetch's own TypeError, or a browser that is offline. */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.network;
  const offline = (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
  if (offline) return true;
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'NetworkError') return true;
  return name === 'TypeError' && typeof message === 'string' && FETCH_FAILED.test(message);
}

/**
 * The words for `error`: the server's `detail` for a refusal (an ApiError), NETWORK_PROBLEM when no answer
 * came, and `fallback` for anything else — a failure without a detail, a 5xx other than 503 (the server
 * failed and said nothing a person can act on; a 503 says why), a bug's exception.
 */
export function problemText(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return NETWORK_PROBLEM;
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500 && error.status !== 503) return fallback;
  return error.detail.trim() ? error.detail : fallback;
}
