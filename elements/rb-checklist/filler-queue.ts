/**
 * rb-checklist's glue to the submissions waiting on this device (./submission-queue.ts, kept and sent by
 * ./waiting-submissions.ts): the queue a filler sends from — its store, its API, and only the submissions
 * that are its own (same server, same user, same share link).
 */
import type { ChecklistApi } from './checklist-api.ts';
import { ownedBy, SubmissionQueue, type SubmissionStore } from './submission-queue.ts';

/** The filler's settings its queue depends on (rb-checklist's properties). */
interface FillerSettings {
  store: SubmissionStore;
  apiBase: string;
  userId: string;
  shareToken: string;
}

/** The queue of the filler as it is now (its store, API and user). */
export function fillerQueue(filler: FillerSettings, api: ChecklistApi): SubmissionQueue {
  const { store, apiBase, userId, shareToken } = filler; // as they are now: a later change makes a new queue
  return new SubmissionQueue({ store, transport: api, owns: ownedBy({ apiBase, userId, shareToken }) });
}
