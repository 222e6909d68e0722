/**
 * How sending a submission can fail, as the queue needs to tell the cases apart: the network (try again
 * later, nothing was refused) or the server's answer (its status and detail decide).
 */

/** The request never got an answer: offline, DNS, connection reset. Sending again later is right. */
export class NetworkError extends Error {
  constructor(message = 'The network is unavailable') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The server answered with an error status; `detail` is its `{detail}` text when it gave one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/**
 * Whether a failed send may succeed later unchanged: network failures, expired sign-ins (401: a new
 * token arrives with the next sign-in), timeouts, throttling and server errors. Any other refusal
 * (400, 403, 404, 409, 413, 422) will be refused again.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof HttpError) return error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
  return false;
}
