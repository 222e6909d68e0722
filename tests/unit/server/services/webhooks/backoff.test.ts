/** How long a delivery and its endpoint wait after a failed attempt (issue #40 item 2; docs/webhooks.md "The queue"). */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_BACKOFF_MAX_MS, endpointBackoff, webhookRetryDelay } from '../../../../../src/server/services/webhooks/backoff.ts';

const HOUR = 60 * 60 * 1000;

describe('endpointBackoff', () => {
  it("is the delivery's own backoff while the endpoint has just started failing", () => {
    expect(endpointBackoff(1, 5000, 0)).toBe(5000);
    expect(endpointBackoff(3, 5000, 2000)).toBe(webhookRetryDelay(3, 5000));
    expect(webhookRetryDelay(3, 5000)).toBe(20_000);
  });

  it('grows with how long the endpoint has been failing, even for a delivery tried the first time', () => {
    expect(endpointBackoff(1, 5000, 10 * 60 * 1000)).toBe(10 * 60 * 1000);
    expect(endpointBackoff(1, 5000, 5 * HOUR)).toBe(ENDPOINT_BACKOFF_MAX_MS);
    expect(ENDPOINT_BACKOFF_MAX_MS).toBe(HOUR);
  });

  it("never shortens the delivery's own backoff", () => {
    expect(endpointBackoff(20, 5000, 5 * HOUR)).toBe(webhookRetryDelay(20, 5000));
  });
});
