/**
 * rb-checklist's Submit (documentation §4 "Form fill"): the submission as Submit makes it — its
 * Idempotency-Key taken the moment Submit is pressed (every retry of these answers carries it), with the
 * photos — sent at once, or kept on this device (./waiting-submissions.ts) when no answer came, the token
 * is no longer valid, or the server is busy (429: until its Retry-After). A share link refused (revoked,
 * expired) gets no new token: its refusal is final, and said in words. rb-checklist.element.ts tells the
 * outcome (its events, its lines).
 */
import { newIdempotencyKey, ApiError } from '../../src/shared/transport/index.ts';
import { timeOfDayText } from '../../src/shared/date-time.ts';
import { submissionRecord, type Answers, type OrderedQuestion } from './answer-state.ts';
import type { ChecklistApi } from './checklist-api.ts';
import { QUEUED, QUEUED_UNTIL_SIGN_IN, queuedUntil, SUBMIT_FAILED } from './messages.ts';
import type { LocalPhoto } from './question-view.ts';
import { shareRefusal } from './share-refusal.ts';
import { retryTime, sendSubmission, type QueuedPhoto, type QueuedSubmission } from './submission-queue.ts';

/** A time in the person's own clock, as THE date-time text writes it ('2:05 PM'). */
const timeOf = (iso: string): string => timeOfDayText(new Date(iso));

/** What a submission is made of: where it goes, whose it is, the answers and photos. */
interface SubmissionSource {
  documentId: string;
  apiBase: string;
  userId: string;
  shareToken: string;
  questions: OrderedQuestion[];
  answers: Answers;
  photos: Record<string, LocalPhoto[]>;
}

/** The submission Submit makes now (a new Idempotency-Key). */
export function newSubmission(source: SubmissionSource): QueuedSubmission {
  const photos: QueuedPhoto[] = Object.entries(source.photos).flatMap(([questionId, list]) =>
    list.map((p) => ({ questionId, name: p.name, type: p.type, blob: p.blob })),
  );
  return {
    key: newIdempotencyKey(), // the moment Submit is pressed: every retry of these answers carries it
    documentId: source.documentId,
    apiBase: source.apiBase,
    userId: source.userId,
    ...(source.shareToken ? { shareToken: source.shareToken } : {}),
    createdAt: new Date().toISOString(),
    record: submissionRecord(source.questions, source.answers),
    photos,
  };
}

/**
 * How a submission ended: sent (the stored row), kept on this device (the words saying so), or refused
 * (the words shown, the error). `unauthorized`: the 401 to tell as `rb-unauthorized`.
 */
export type SubmitOutcome =
  | { kind: 'sent'; row: unknown }
  | { kind: 'queued'; text: string; unauthorized: ApiError | undefined }
  | { kind: 'failed'; text: string; error: unknown; unauthorized: ApiError | undefined };

/** Sends `entry`; when it cannot go now, `keep` puts it in this device's queue (false: this browser cannot keep it). */
export async function sendOrKeep(entry: QueuedSubmission, api: ChecklistApi, keep: (entry: QueuedSubmission) => Promise<boolean>): Promise<SubmitOutcome> {
  try {
    if (navigator.onLine === false) throw new ApiError(0, 'The network is unavailable');
    return { kind: 'sent', row: await sendSubmission(entry, api) };
  } catch (error) {
    return notSent(error, entry, keep);
  }
}

/** No answer, a token no longer valid, or a busy server: kept (same key, same user); anything else refused. */
async function notSent(error: unknown, entry: QueuedSubmission, keep: (entry: QueuedSubmission) => Promise<boolean>): Promise<SubmitOutcome> {
  const apiError = error instanceof ApiError ? error : undefined;
  const unauthorized = apiError?.status === 401 ? apiError : undefined;
  const throttled = apiError?.status === 429;
  const kept = !!apiError && (apiError.network || throttled || (!!unauthorized && !entry.shareToken));
  if (throttled) entry.notBefore = retryTime(apiError, Date.now());
  if (kept && (await keep(entry))) {
    return { kind: 'queued', text: unauthorized ? QUEUED_UNTIL_SIGN_IN : throttled ? queuedUntil(timeOf(entry.notBefore!)) : QUEUED, unauthorized };
  }
  const refused = entry.shareToken && apiError && [401, 402, 404].includes(apiError.status);
  return { kind: 'failed', text: refused ? shareRefusal(error) : SUBMIT_FAILED, error, unauthorized };
}

/** `rb-submit-failed`'s detail: the server's detail (or the error's message), and its status when it has one. */
export function submitFailedDetail(documentId: string, error: unknown): { documentId: string; detail: string; status?: number } {
  const status = (error as { status?: number }).status;
  return {
    documentId,
    detail: error instanceof Error ? error.message : String(error),
    ...(typeof status === 'number' ? { status } : {}),
  };
}
