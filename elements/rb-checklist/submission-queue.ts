/**
 * Submissions that wait for the network (issue #4 "Kiosk stations and offline"), and the one way a
 * submission is sent, queued or not: its photos are uploaded first (each upload id is written back to the
 * entry as soon as it exists, so a retry never uploads a photo twice and the record stays byte-for-byte
 * the same), then the record is posted with the entry's Idempotency-Key, made when Submit was pressed.
 *
 * Exactly once: the server stores one row per key (a repeat answers the first row); here, an entry is
 * sent by one sender at a time — a flag per entry in this page, and a Web Lock per entry across tabs
 * where the browser has them — re-read from the store under that lock, and deleted only after a 2xx.
 *
 * The storage and the calls are interfaces, so this module is pure logic: submission-store.ts keeps the
 * entries in IndexedDB, checklist-api.ts makes the calls.
 */
import type { SubmissionRecord } from './answer-state.ts';
import { dateTimeText, timeOfDayText } from '../../src/shared/date-time.ts';
import { ApiError } from '../../src/shared/transport/api-error.ts';

/**
 * Whether a failed send may succeed later unchanged: no answer (the network), an expired sign-in (401: a
 * new token arrives with the next sign-in), timeouts, throttling and server errors. Any other refusal
 * (400, 403, 404, 409, 413, 422) will be refused again — and so will a 401 of a share link (`shareLink`):
 * a revoked or expired link gets no new token.
 */
export function isRetryable(error: unknown, { shareLink = false }: { shareLink?: boolean } = {}): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) return !shareLink;
  return error.network || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** A photo of an answer, kept as a file until it is uploaded. */
export interface QueuedPhoto {
  questionId: string;
  name: string;
  type: string;
  blob: Blob;
  /** Set once the upload has been received by the server. */
  uploadId?: string;
}

export interface QueuedSubmission {
  /** The Idempotency-Key, made when Submit was pressed; also the entry's key in the store. */
  key: string;
  documentId: string;
  /** Where and as whom it is to be sent: only a filler with the same API base, user and share link sends it. */
  apiBase: string;
  userId: string;
  /**
   * The share link the answers were given through (#29), sent as the bearer: kept on the device that
   * opened the link (its address holds the token anyway), so the answers are sent as that link's.
   */
  shareToken?: string;
  createdAt: string;
  /** The answers without their photos' upload ids (those come from `photos`). */
  record: SubmissionRecord;
  photos: QueuedPhoto[];
  /** The server's refusal when it refused the submission for good (4xx): kept, no longer retried. */
  failed?: string;
  /** Not sent before this time (ISO): the server said to wait (a 429's Retry-After, issue #43). */
  notBefore?: string;
}

/** When a submission the server throttled is to be tried again: after its Retry-After (a minute when it gave none). */
export function retryTime(error: ApiError, now: number): string {
  return new Date(now + (error.retryAfter ?? 60) * 1000).toISOString();
}

/** Where waiting submissions are kept (IndexedDB in the browser; a Map in the unit tests). */
export interface SubmissionStore {
  all(): Promise<QueuedSubmission[]>;
  get(key: string): Promise<QueuedSubmission | undefined>;
  put(entry: QueuedSubmission): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The two server calls of a submission. */
export interface SubmissionTransport {
  /** Signs and uploads one photo (sign-content-upload, then the multipart POST); answers its upload id. */
  uploadPhoto(documentId: string, photo: Pick<QueuedPhoto, 'blob' | 'name' | 'type'>): Promise<string>;
  /**
   * POST documentation/documents/{id}/data `{record}` with the Idempotency-Key; answers the stored row. A
   * share link's also sends `made_at` when given (./submission-queue.ts madeAtOf).
   */
  submit(documentId: string, record: SubmissionRecord, idempotencyKey: string, madeAt?: string): Promise<unknown>;
}

/** Who sends waiting submissions: a filler's API base, user and share link ('' when none). */
export interface Sender {
  apiBase: string;
  userId: string;
  shareToken: string;
}

/**
 * The entries a sender sends: those made with the same API base, user and share link. A signed-in filler
 * never sends a share link's answers as its user's, nor one link's filler another link's.
 */
export const ownedBy =
  (sender: Sender) =>
  (entry: QueuedSubmission): boolean =>
    entry.apiBase === sender.apiBase && entry.userId === sender.userId && (entry.shareToken ?? '') === sender.shareToken;

/** Runs `task` holding the lock `name` if nobody else holds it; answers false (without running) otherwise. */
export type TryLock = (name: string, task: () => Promise<void>) => Promise<boolean>;

/** The record with each question's uploaded photos as its `media`. */
export function recordWithMedia(entry: Pick<QueuedSubmission, 'record' | 'photos'>): SubmissionRecord {
  const record: SubmissionRecord = {};
  for (const [id, answer] of Object.entries(entry.record)) {
    const media = entry.photos.filter((p) => p.questionId === id && p.uploadId).map((p) => p.uploadId!);
    record[id] = media.length > 0 ? { ...answer, media } : { ...answer };
  }
  return record;
}

/** The server takes `made_at` up to 7 days back; sent up to a day less, for clocks that disagree. */
const MADE_AT_SENT_WITHIN_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * When a share link's (a kiosk station's) submission was made — Submit pressed, online or not — sent so
 * that one made offline counts for the occurrence whose window held then (issue #44). Undefined for a
 * member's (the server's clock decides) and once too old (it is then counted as made when it arrives).
 */
export function madeAtOf(entry: Pick<QueuedSubmission, 'shareToken' | 'createdAt'>, now: number = Date.now()): string | undefined {
  if (!entry.shareToken) return undefined;
  return now - Date.parse(entry.createdAt) < MADE_AT_SENT_WITHIN_MS ? entry.createdAt : undefined;
}

/**
 * Sends one submission: the photos not uploaded yet, in order (after each, `saveProgress` keeps its upload
 * id), then the record under the entry's key. Answers the server's row; throws the transport's ApiError.
 */
export async function sendSubmission(
  entry: QueuedSubmission,
  transport: SubmissionTransport,
  saveProgress: (entry: QueuedSubmission) => Promise<void> = async () => undefined,
): Promise<unknown> {
  for (const photo of entry.photos) {
    if (photo.uploadId) continue;
    photo.uploadId = await transport.uploadPhoto(entry.documentId, photo);
    await saveProgress(entry);
  }
  return transport.submit(entry.documentId, recordWithMedia(entry), entry.key, madeAtOf(entry));
}

/** Entries being sent by this page (shared by every filler on it). */
const inFlight = new Set<string>();

/** The Web Locks API where the browser has it (one sender across tabs); otherwise every call runs. */
export const webLock: TryLock = async (name, task) => {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManager }) | undefined)?.locks;
  if (!locks) {
    await task();
    return true;
  }
  return locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await task();
    return true;
  });
};

export interface FlushResult {
  /** Entries sent (2xx) by this flush. */
  sent: number;
  /** Entries still waiting (to be retried) after it, of this sender. */
  waiting: number;
  /** Entries the server refused for good, of this sender. */
  failed: number;
  /** The earliest time (ms) a waiting entry the server asked to wait may be sent; absent when none waits so. */
  nextAt?: number;
}

export interface SubmissionQueueOptions {
  store: SubmissionStore;
  transport: SubmissionTransport;
  /** Which entries this sender sends (same API base and user). */
  owns: (entry: QueuedSubmission) => boolean;
  tryLock?: TryLock;
  /** The clock (tests move it). */
  now?: () => number;
}

export class SubmissionQueue {
  private readonly store: SubmissionStore;
  private readonly transport: SubmissionTransport;
  private readonly owns: (entry: QueuedSubmission) => boolean;
  private readonly tryLock: TryLock;
  private readonly now: () => number;

  constructor(options: SubmissionQueueOptions) {
    this.store = options.store;
    this.transport = options.transport;
    this.owns = options.owns;
    this.tryLock = options.tryLock ?? webLock;
    this.now = options.now ?? Date.now;
  }

  /** Whether an entry must still wait for the time the server gave. */
  private held(entry: QueuedSubmission): boolean {
    return !!entry.notBefore && Date.parse(entry.notBefore) > this.now();
  }

  /** The earliest time (ms) one of this sender's entries waits for (a 429's Retry-After); undefined when none does. */
  async nextAt(): Promise<number | undefined> {
    const times = (await this.store.all()).filter((e) => this.owns(e) && !e.failed && this.held(e)).map((e) => Date.parse(e.notBefore!));
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /** Keeps a submission until it can be sent. */
  add(entry: QueuedSubmission): Promise<void> {
    return this.store.put(entry);
  }

  /** How many of this sender's entries wait, and how many were refused. */
  async counts(): Promise<{ waiting: number; failed: number }> {
    const mine = (await this.store.all()).filter(this.owns);
    return { waiting: mine.filter((e) => !e.failed).length, failed: mine.filter((e) => e.failed).length };
  }

  /**
   * Sends every waiting entry of this sender, oldest first, one at a time. Stops at the first network
   * failure (the rest would fail alike); an entry another sender holds is skipped.
   */
  async flush(): Promise<FlushResult> {
    let sent = 0;
    const entries = (await this.store.all()).filter((e) => this.owns(e) && !e.failed && !this.held(e)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const { key } of entries) {
      if (inFlight.has(key)) continue;
      inFlight.add(key);
      let stop = false;
      try {
        await this.tryLock(`rb-checklist-submission:${key}`, async () => {
          const entry = await this.store.get(key); // another tab may have sent it meanwhile
          if (!entry || entry.failed) return;
          try {
            await sendSubmission(entry, this.transport, (progress) => this.store.put(progress));
          } catch (error) {
            if (isRetryable(error, { shareLink: !!entry.shareToken })) {
              // Throttled: this one (and the rest) wait for the time the server gave.
              if (error instanceof ApiError && error.status === 429) await this.store.put({ ...entry, notBefore: retryTime(error, this.now()) });
              stop = true;
              return;
            }
            const detail = error instanceof ApiError ? error.detail : error instanceof Error ? error.message : String(error);
            await this.store.put({ ...entry, failed: detail || 'refused' });
            return;
          }
          await this.store.delete(key);
          sent += 1;
        });
      } finally {
        inFlight.delete(key);
      }
      if (stop) break;
    }
    const { waiting, failed } = await this.counts();
    const nextAt = await this.nextAt();
    return { sent, waiting, failed, ...(nextAt === undefined ? {} : { nextAt }) };
  }
}

/** The status line's texts. */
export function waitingText(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? '1 submission waiting to be sent' : `${count} submissions waiting to be sent`;
}

export function failedText(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? '1 submission was refused by the server' : `${count} submissions were refused by the server`;
}

/** 'Sent at 2:05 PM' in the person's own clock; THE date and time when it was not today ('Sent at May 6, 2024, 2:05 PM'). */
export function sentText(at: Date, now: Date = new Date()): string {
  return at.toDateString() === now.toDateString() ? `Sent at ${timeOfDayText(at)}` : `Sent at ${dateTimeText(at)}`;
}
