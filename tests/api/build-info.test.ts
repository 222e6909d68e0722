/**
 * GET _build-info (no auth): the server's version and build time, from the build's build-info.json, and how
 * billing runs (tests/api/billing/build-info-billing.test.ts has billing on).
 */
import { describe, expect, it } from 'vitest';
import { SITE_FIXTURE, useTestServer } from './support/harness.ts';

const server = useTestServer();

describe('GET _build-info', () => {
  it('answers the version and build time without signing in', async () => {
    const res = await server.client().get('_build-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...SITE_FIXTURE.buildInfo, billing: { enabled: false, trial_days: 7 } });
  });

  it('ignores a token, even a bad one', async () => {
    const res = await server.client('not-a-token').get('_build-info');
    expect(res.status).toBe(200);
  });

  it('is a GET only', async () => {
    const res = await server.client().post('_build-info', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
