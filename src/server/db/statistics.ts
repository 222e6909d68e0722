/**
 * Planner statistics for the embedded database. PostgreSQL's autovacuum keeps them fresh; PGlite runs
 * no autovacuum, so without this its tables are never analysed and the planner guesses — the bench
 * (tests/bench, issue #3) measured a member's first page of a 10,000-item folder at p95 37 ms on a
 * never-analysed PGlite against 13 ms after ANALYZE. So the server analyses at start and then every
 * STATISTICS_INTERVAL_MS; a pass over a database of this product's size takes milliseconds.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './connection.ts';
import { logger } from '../operations/logger.ts';

export const STATISTICS_INTERVAL_MS = 10 * 60 * 1000;

/** Starts keeping the statistics; the answer stops it (and waits for a pass under way). */
export function keepStatistics(db: Database, intervalMs = STATISTICS_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const analyse = () => {
    running = db.execute(sql`ANALYZE`).catch((err: unknown) => logger().error({ err }, 'ANALYZE failed'));
  };
  analyse();
  const timer = setInterval(analyse, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
