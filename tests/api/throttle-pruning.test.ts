/**
 * The throttle table is pruned on a timer (src/server/background-jobs.ts → auth/throttle.ts): attempts older
 * than every throttle window go, recent ones stay and still count.
 */
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { throttleRules } from '../../src/server/auth/throttle.ts';
import { throttleEvents } from '../../src/server/db/schema.ts';
import { uuidv7 } from '../../src/shared/ids.ts';
import { useTestServer } from './support/harness.ts';

const server = useTestServer({ env: { THROTTLE_PRUNE_INTERVAL_MS: '50' } });
const LONGEST_WINDOW = Math.max(...Object.values(throttleRules).map((r) => r.windowMs));

describe('throttle table pruning', () => {
  it('drops attempts older than the longest window on its timer and keeps the recent ones', async () => {
    const now = server.clock.now().getTime();
    const rows = [
      { id: uuidv7(), key: 'sign-in:ip:old', at: new Date(now - LONGEST_WINDOW - 60_000) },
      { id: uuidv7(), key: 'reset:account:old', at: new Date(now - 3 * LONGEST_WINDOW) },
      { id: uuidv7(), key: 'sign-in:ip:recent', at: new Date(now - 60_000) },
      { id: uuidv7(), key: 'reset:account:recent', at: new Date(now - LONGEST_WINDOW + 60_000) },
    ];
    await server.db.insert(throttleEvents).values(rows);
    const left = async () =>
      (await server.db.select({ key: throttleEvents.key }).from(throttleEvents).where(inArray(throttleEvents.id, rows.map((r) => r.id))))
        .map((r) => r.key)
        .sort();
    await expect.poll(left, { timeout: 5_000 }).toEqual(['reset:account:recent', 'sign-in:ip:recent']);
  });
});
