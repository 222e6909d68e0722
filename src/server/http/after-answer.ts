/**
 * Work a request leaves for after its answer, so that the answer does not wait on it: its time would
 * tell what the work found (a password-reset request answers alike whether or not the address belongs
 * to an account, services/accounts.ts). The work starts once the handler has returned its answer (on
 * the next turn of the event loop, after the answer is written), runs on its own, and a failure is
 * logged: the caller was already answered. The work still running is kept per database, so that a
 * closing server waits for it before closing the database (server.ts) and the API tests can wait for
 * it before reading the outbox.
 */
import type { Database } from '../db/connection.ts';
import { logger } from '../operations/logger.ts';

const running = new WeakMap<Database, Set<Promise<void>>>();

/** Runs `work` after the answer; `what` names it in the log line of a failure. */
export function afterAnswer(db: Database, what: string, work: () => Promise<void>): void {
  let tasks = running.get(db);
  if (!tasks) {
    tasks = new Set();
    running.set(db, tasks);
  }
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => logger().error({ err }, `${what} failed after its answer`))
    .finally(() => tasks.delete(task));
  tasks.add(task);
}

/** Resolves once the work left after answers on `db` is done (work it starts in turn included). */
export async function workAfterAnswers(db: Database): Promise<void> {
  const tasks = running.get(db);
  while (tasks && tasks.size > 0) await Promise.all([...tasks]);
}
