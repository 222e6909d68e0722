/**
 * The live stream's reconnect waits: 1 s doubling to 15 s, each between half and all of it (jitter); and
 * none at all while the browser knows it is offline (a kiosk without network): it waits for 'online'.
 */
import { describe, expect, it } from 'vitest';
import { reconnectDelay, untilOnline } from '../../../../src/client/stores/notifications.ts';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 15 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect([0, 1, 4].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 7500]);
  });
});

describe('untilOnline', () => {
  /** Whether the promise has settled after the pending jobs ran. */
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return done;
  };

  it('online (or unknown): at once', async () => {
    expect(await settled(untilOnline(new AbortController().signal, { onLine: true, target: new EventTarget() }))).toBe(true);
    expect(await settled(untilOnline(new AbortController().signal, undefined))).toBe(true);
  });

  it("offline: not before the browser says 'online'", async () => {
    const target = new EventTarget();
    const waiting = untilOnline(new AbortController().signal, { onLine: false, target });
    expect(await settled(waiting)).toBe(false);
    target.dispatchEvent(new Event('offline'));
    expect(await settled(waiting)).toBe(false);
    target.dispatchEvent(new Event('online'));
    expect(await settled(waiting)).toBe(true);
  });

  it('offline: stopping the stream ends the wait', async () => {
    const abort = new AbortController();
    const waiting = untilOnline(abort.signal, { onLine: false, target: new EventTarget() });
    abort.abort();
    expect(await settled(waiting)).toBe(true);
  });
});
