/**
 * Open pages at scale (issue #46): one process holds at most LIVE_STREAMS_PER_PROCESS live notification
 * streams; past the cap the next page is told clearly to come back (503, Retry-After, {detail}) instead of
 * the process running out of memory, and a place freed by a page that left is taken again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { openStream, type OpenStream } from './event-stream.ts';

const server = useTestServer({ env: { LIVE_STREAMS_PER_PROCESS: '2' } });

let admin: TestUser;
const streams: OpenStream[] = [];

const open = async () => {
  const s = await openStream(server.apiUrl, admin.token);
  streams.push(s);
  return s;
};

const refused = () =>
  fetch(`${server.apiUrl}/documentation/notifications/stream`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${admin.token}` },
  });

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
});

afterAll(() => {
  for (const s of streams) s.close();
});

describe('GET documentation/notifications/stream past LIVE_STREAMS_PER_PROCESS', () => {
  it('answers 503 with Retry-After and {detail} once the process holds its cap, and opens again when a stream ends', async () => {
    const first = await open();
    const second = await open();
    expect([first.status, second.status]).toEqual([200, 200]);
    await first.next((e) => e.event === 'ready');
    await second.next((e) => e.event === 'ready');

    const res = await refused();
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await res.json()) as { detail?: string };
    expect(body.detail).toMatch(/live/i);

    first.close();
    let again: OpenStream | undefined;
    for (let tries = 0; tries < 50; tries++) {
      again = await open();
      if (again.status === 200) break;
      again.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again?.status).toBe(200);
    await again!.next((e) => e.event === 'ready');
  });
});
