import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();

describe('GET _build-info', () => {
  it('answers the version and build time without signing in', async () => {
    const res = await server.client().get('_build-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: expect.any(String), time: expect.any(String) });
    expect(Number.isNaN(Date.parse(res.body.time))).toBe(false);
  });
});
