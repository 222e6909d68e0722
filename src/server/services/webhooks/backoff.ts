/** How long a failed delivery and its endpoint wait before the next attempt (docs/webhooks.md "The queue", "Fairness"). */

/** The longest an endpoint backs off after a failure (it has failed for at least that long). */
export const ENDPOINT_BACKOFF_MAX_MS = 60 * 60 * 1000;

/** The delay after the `attempts`-th failed attempt: the base, doubling. */
export function webhookRetryDelay(attempts: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, Math.min(attempts, 40) - 1);
}

/**
 * The wait after a failed attempt, for the delivery and its endpoint: the delivery's own backoff, or as
 * long as the endpoint has been failing (up to ENDPOINT_BACKOFF_MAX_MS) when that is longer — so an
 * endpoint with many deliveries queued is tried less and less often, not once per delivery.
 */
export function endpointBackoff(attempts: number, baseMs: number, failingForMs: number): number {
  return Math.max(webhookRetryDelay(attempts, baseMs), Math.min(Math.max(0, failingForMs), ENDPOINT_BACKOFF_MAX_MS));
}
