/**
 * THE background job of due and done (issue #44): each pass opens the occurrences that have come, marks
 * those closed without a submission missed, and tells of overdue assignments — in that order, each in its
 * own transaction. Every process runs it; each step is safe to run at once in several.
 */
import { repeatEvery } from '../../background-passes.ts';
import type { Database } from '../../db/connection.ts';
import { notifyOverdueAssignments } from '../assignments/overdue.ts';
import { markMissedOccurrences } from './missed-pass.ts';
import { openDueOccurrences } from './opening-pass.ts';

export async function runSchedulePass(deps: { db: Database; now: () => Date }): Promise<void> {
  await openDueOccurrences(deps);
  await markMissedOccurrences(deps);
  await notifyOverdueAssignments(deps);
}

export function keepRunningSchedules(deps: { db: Database; now: () => Date }, intervalMs: number): () => Promise<void> {
  return repeatEvery(() => runSchedulePass(deps), intervalMs, 'schedule pass');
}
