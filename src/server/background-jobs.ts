/**
 * The server's background jobs, started with it and stopped when it closes: planner statistics for the
 * embedded database (db/statistics.ts; PostgreSQL's autovacuum does it there) and pruning the throttle
 * table of attempts older than every window (auth/throttle.ts). A new job is one more line here.
 */
import { keepAttemptsPruned } from './auth/throttle.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { keepStatistics } from './db/statistics.ts';

/** Starts every job; the answer stops them all (and waits for passes under way). */
export function startBackgroundJobs(database: DatabaseHandle, config: Config, now: () => Date): () => Promise<void> {
  const stops = [
    ...(database.kind === 'pglite' ? [keepStatistics(database.db)] : []),
    keepAttemptsPruned(database.db, now, config.throttlePruneIntervalMs),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
