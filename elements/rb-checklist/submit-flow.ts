/**
 * rb-checklist's Submit (documentation §4 "Form fill"): the submission as Submit makes it — its
 * Idempotency-Key taken the moment Submit is pressed (every retry of these answers carries it), with the
 * photos — sent at once, or kept on this device (./waiting-submissions.ts) when no answer came, the token
 * is no longer valid, or the server is busy (429: until its Retry-After). A share link refused (revoked,
 * expired) gets no new token: its refusal is final, and said in words. The outcome is told as the
 * element's events and shown by the element (`after`).
 */
import { newIdempotencyKey, ApiError } from '../../src/shared/transport/index.ts';
import { timeOfDayText } from '../../src/shared/date-time.ts';
import { emit } from '../events.ts';
import { emitUnauthorized } from '../shared/element-transport.ts';
import type { ChecklistApi } from './checklist-api.ts';
import { QUEUED, QUEUED_UNTIL_SIGN_IN, queuedUntil, SUBMIT_FAILED, SUBMITTED } from './messages.ts';
import type { LocalPhoto } from './question-view.ts';
import { shareRefusal } from './share-refusal.ts';
import { retryTime, sendSubmission, type QueuedPhoto, type QueuedSubmission } from './submission-queue.ts';

/** `rb-submitted`: the answers reached the server (`sent`, with the stored row) or wait on this device (`queued`). */
export type RbSubmittedDetail =
  | { status: 'sent'; key: string; documentId: string; row: unknown }
  | { status: 'queued'; key: string; documentId: string };

export interface RbSubmitFailedDetail {
  documentId: string;
  /** The server's detail (or the error's message). */
  detail: string;
  status?: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rb-submitted': CustomEvent<RbSubmittedDetail>;
    'rb-submit-failed': CustomEvent<RbSubmitFailedDetail>;
  }
}

/** A time in the person's own clock, as THE date-time text writes it ('2:05 PM'). */
const timeOf = (iso: string): string => timeOfDayText(new Date(iso));

/** The submission Submit makes now (a new Idempotency-Key): `from` the filler's settings, the answers' `record`, the photos. */
export function newSubmission(
  from: { apiBase: string; userId: string; shareToken: string },
  documentId: string,
  record: QueuedSubmission['record'],
  photos: Record<string, LocalPhoto[]>,
): QueuedSubmission {
  return {
    key: newIdempotencyKey(), // the moment Submit is pressed: every retry of these answers carries it
    documentId,
    apiBase: from.apiBase,
    userId: from.userId,
    ...(from.shareToken ? { shareToken: from.shareToken } : {}),
    createdAt: new Date().toISOString(),
    record,
    photos: Object.entries(photos).flatMap(([questionId, list]) => list.map((p): QueuedPhoto => ({ questionId, name: p.name, type: p.type, blob: p.blob }))),
  };
}

type Line = { kind: 'success' | 'info'; text: string } | { kind: 'error'; text: string };

/**
 * Sends `entry` and tells how it ended: `rb-submitted` (sent, or kept on this device by `keep`, false when
 * this browser cannot keep it) or `rb-submit-failed`, as `host`'s events; a 401 is told as `rb-unauthorized`
 * once the answers are safe on this device. `after` shows the outcome: sent or kept (`success`, `info`: the
 * form is reset) or refused (`error`: the line under Submit).
 */
export async function sendOrKeep(
  host: HTMLElement,
  entry: QueuedSubmission,
  api: ChecklistApi,
  keep: (entry: QueuedSubmission) => Promise<boolean>,
  after: (line: Line) => void,
): Promise<void> {
  const { key, documentId } = entry;
  try {
    if (navigator.onLine === false) throw new ApiError(0, 'The network is unavailable');
    const row = await sendSubmission(entry, api);
    after({ kind: 'success', text: SUBMITTED });
    emit(host, 'rb-submitted', { status: 'sent', key, documentId, row });
  } catch (error) {
    // No answer, a token that is no longer valid, or a busy server (429): the answers wait on this device
    // (same key, same user; after a 429 until its Retry-After). A share link refused (revoked, expired)
    // gets no new token: its refusal is final, and said in words.
    const unauthorized = error instanceof ApiError && error.status === 401;
    const throttled = error instanceof ApiError && error.status === 429;
    const kept = error instanceof ApiError && (error.network || throttled || (unauthorized && !entry.shareToken));
    if (throttled) entry.notBefore = retryTime(error, Date.now());
    if (kept && (await keep(entry))) {
      after({ kind: 'info', text: unauthorized ? QUEUED_UNTIL_SIGN_IN : throttled ? queuedUntil(timeOf(entry.notBefore!)) : QUEUED });
      emit(host, 'rb-submitted', { status: 'queued', key, documentId });
      if (unauthorized) emitUnauthorized(host, error);
    } else {
      if (unauthorized) emitUnauthorized(host, error);
      const refused = entry.shareToken && error instanceof ApiError && [401, 402, 404].includes(error.status);
      after({ kind: 'error', text: refused ? shareRefusal(error) : SUBMIT_FAILED });
      const status = (error as { status?: number }).status;
      emit(host, 'rb-submit-failed', {
        documentId,
        detail: error instanceof Error ? error.message : String(error),
        ...(typeof status === 'number' ? { status } : {}),
      });
    }
  }
}
