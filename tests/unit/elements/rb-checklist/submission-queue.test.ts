import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../../../src/shared/date-time.ts';
import { ApiError } from '../../../../src/shared/transport/api-error.ts';
import {
  failedText,
  isRetryable,
  madeAtOf,
  ownedBy,
  recordWithMedia,
  sendSubmission,
  sentText,
  SubmissionQueue,
  waitingText,
  type QueuedSubmission,
  type SubmissionStore,
  type SubmissionTransport,
  type TryLock,
} from '../../../../elements/rb-checklist/submission-queue.ts';

/** An in-memory SubmissionStore (structuredClone, as IndexedDB copies what it stores). */
class MemoryStore implements SubmissionStore {
  readonly entries = new Map<string, QueuedSubmission>();
  puts = 0;
  async all() {
    return [...this.entries.values()].map((e) => structuredClone(e));
  }
  async get(key: string) {
    const entry = this.entries.get(key);
    return entry ? structuredClone(entry) : undefined;
  }
  async put(entry: QueuedSubmission) {
    this.puts += 1;
    this.entries.set(entry.key, structuredClone(entry));
  }
  async delete(key: string) {
    this.entries.delete(key);
  }
}

type Step = 'ok' | 'network' | number;

/** A transport that records every call and answers per a script (default: success). */
class FakeTransport implements SubmissionTransport {
  readonly calls: string[] = [];
  readonly submitted: { key: string; record: unknown }[] = [];
  uploads: Step[] = [];
  submits: Step[] = [];
  private ids = 0;
  /** Resolves the next submit only when released (to hold a send in flight). */
  hold?: Promise<void>;

  private answer(step: Step | undefined) {
    if (step === 'network') throw new ApiError(0, 'Network error');
    if (typeof step === 'number') throw new ApiError(step, `status ${step}`);
  }
  async uploadPhoto(_documentId: string, photo: { name: string }) {
    this.calls.push(`upload ${photo.name}`);
    this.answer(this.uploads.shift());
    return `upload-${++this.ids}`;
  }
  async submit(_documentId: string, record: unknown, key: string) {
    this.calls.push(`submit ${key}`);
    if (this.hold) await this.hold;
    this.answer(this.submits.shift());
    this.submitted.push({ key, record });
    return { id: `row-${key}` };
  }
}

const blob = { size: 3 } as unknown as Blob;

function entry(key: string, extra: Partial<QueuedSubmission> = {}): QueuedSubmission {
  return {
    key,
    documentId: 'doc',
    apiBase: '/api/v1',
    userId: 'u1',
    createdAt: `2024-01-01T00:00:0${key.slice(-1)}.000Z`,
    record: { q1: { value: true }, q2: { value: 'pass' } },
    photos: [],
    ...extra,
  };
}

const noLock: TryLock = async (_name, task) => {
  await task();
  return true;
};

function queueOf(store: SubmissionStore, transport: SubmissionTransport, tryLock: TryLock = noLock) {
  return new SubmissionQueue({ store, transport, owns: (e) => e.apiBase === '/api/v1' && e.userId === 'u1', tryLock });
}

describe('recordWithMedia', () => {
  it("puts each question's uploaded photos into its media", () => {
    const record = recordWithMedia({
      record: { q1: { value: true }, q2: { value: 'pass' } },
      photos: [
        { questionId: 'q2', name: 'a.jpg', type: 'image/jpeg', blob, uploadId: 'u-a' },
        { questionId: 'q2', name: 'b.jpg', type: 'image/jpeg', blob, uploadId: 'u-b' },
        { questionId: 'q1', name: 'c.jpg', type: 'image/jpeg', blob },
      ],
    });
    expect(record).toEqual({ q1: { value: true }, q2: { value: 'pass', media: ['u-a', 'u-b'] } });
  });
});

describe('sendSubmission', () => {
  it('uploads the photos first, keeping each upload id, then posts the record with the key', async () => {
    const transport = new FakeTransport();
    const saved: string[][] = [];
    const e = entry('k1', { photos: [{ questionId: 'q2', name: 'a.jpg', type: 'image/jpeg', blob }, { questionId: 'q2', name: 'b.jpg', type: 'image/jpeg', blob }] });
    await sendSubmission(e, transport, async (progress) => void saved.push(progress.photos.map((p) => p.uploadId ?? '')));
    expect(transport.calls).toEqual(['upload a.jpg', 'upload b.jpg', 'submit k1']);
    expect(saved).toEqual([['upload-1', ''], ['upload-1', 'upload-2']]);
    expect(transport.submitted[0]!.record).toEqual({ q1: { value: true }, q2: { value: 'pass', media: ['upload-1', 'upload-2'] } });
  });

  it('never uploads a photo again once it has an upload id, so a retry posts the same record', async () => {
    const transport = new FakeTransport();
    transport.uploads = ['ok', 'network'];
    const e = entry('k1', { photos: [{ questionId: 'q2', name: 'a.jpg', type: 'image/jpeg', blob }, { questionId: 'q2', name: 'b.jpg', type: 'image/jpeg', blob }] });
    await expect(sendSubmission(e, transport)).rejects.toMatchObject({ network: true });
    await sendSubmission(e, transport);
    expect(transport.calls).toEqual(['upload a.jpg', 'upload b.jpg', 'upload b.jpg', 'submit k1']);
  });
});

describe('SubmissionQueue.flush', () => {
  it('sends every waiting entry once, oldest first, and deletes each only after it was stored', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    for (const key of ['k3', 'k1', 'k2']) await queue.add(entry(key));
    expect(await queue.counts()).toEqual({ waiting: 3, failed: 0 });
    expect(await queue.flush()).toEqual({ sent: 3, waiting: 0, failed: 0 });
    expect(transport.submitted.map((s) => s.key)).toEqual(['k1', 'k2', 'k3']);
    expect(store.entries.size).toBe(0);
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 0, failed: 0 });
    expect(transport.submitted).toHaveLength(3);
  });

  it('keeps an entry whose send failed on the network, stops there, and sends it next time', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    await queue.add(entry('k1'));
    await queue.add(entry('k2'));
    transport.submits = ['network'];
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 2, failed: 0 });
    expect(transport.calls).toEqual(['submit k1']); // k2 not tried while the network is down
    expect(await queue.flush()).toEqual({ sent: 2, waiting: 0, failed: 0 });
    expect(transport.submitted.map((s) => s.key)).toEqual(['k1', 'k2']);
  });

  it.each([401, 500, 503])('keeps an entry answered %i for a later try', async (status) => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    await queue.add(entry('k1'));
    transport.submits = [status];
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 1, failed: 0 });
    expect(await queue.flush()).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('a 429 keeps the entry until its Retry-After (issue #43): not sent before, sent after, the time told', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    let now = Date.parse('2026-12-07T08:00:00Z');
    const queue = new SubmissionQueue({ store, transport, owns: () => true, tryLock: noLock, now: () => now });
    await queue.add(entry('k1'));
    transport.submit = async (_documentId, _record, key) => {
      transport.calls.push(`submit ${key}`);
      throw new ApiError(429, 'Too many attempts, please try again later', undefined, 120);
    };
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 1, failed: 0, nextAt: now + 120_000 });
    expect(await queue.nextAt()).toBe(now + 120_000);
    transport.submit = FakeTransport.prototype.submit.bind(transport);
    now += 60_000;
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 1, failed: 0, nextAt: now + 60_000 });
    expect(transport.calls).toEqual(['submit k1']);
    now += 60_000;
    expect(await queue.flush()).toEqual({ sent: 1, waiting: 0, failed: 0 });
    expect(transport.submitted.map((s) => s.key)).toEqual(['k1']);
  });

  it('an entry kept with a time to wait for (a 429 on Submit) is not sent before it', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    let now = Date.parse('2026-12-07T08:00:00Z');
    const queue = new SubmissionQueue({ store, transport, owns: () => true, tryLock: noLock, now: () => now });
    await queue.add(entry('k1', { notBefore: new Date(now + 30_000).toISOString() }));
    expect(await queue.flush()).toMatchObject({ sent: 0, waiting: 1 });
    expect(transport.calls).toEqual([]);
    now += 30_000;
    expect(await queue.flush()).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('marks an entry the server refuses for good (422) and never sends it again', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    await queue.add(entry('k1'));
    await queue.add(entry('k2'));
    transport.submits = [422];
    expect(await queue.flush()).toEqual({ sent: 1, waiting: 0, failed: 1 });
    expect(store.entries.get('k1')!.failed).toBe('status 422');
    await queue.flush();
    expect(transport.calls.filter((c) => c === 'submit k1')).toHaveLength(1);
  });

  it('keeps the upload ids of a half-sent entry in the store, so the retry does not upload again', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    await queue.add(entry('k1', { photos: [{ questionId: 'q2', name: 'a.jpg', type: 'image/jpeg', blob }] }));
    transport.submits = ['network'];
    await queue.flush();
    expect(store.entries.get('k1')!.photos[0]!.uploadId).toBe('upload-1');
    await queue.flush();
    expect(transport.calls).toEqual(['upload a.jpg', 'submit k1', 'submit k1']);
    expect(transport.submitted[0]!.record).toEqual({ q1: { value: true }, q2: { value: 'pass', media: ['upload-1'] } });
  });

  it('does not send an entry twice when flushes overlap (online event, timer, another filler)', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    let release!: () => void;
    transport.hold = new Promise((resolve) => (release = resolve));
    const first = queueOf(store, transport);
    const second = queueOf(store, transport);
    await first.add(entry('k1'));
    const flushes = [first.flush(), second.flush(), first.flush()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const results = await Promise.all(flushes);
    expect(transport.calls).toEqual(['submit k1']);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(store.entries.size).toBe(0);
  });

  it('skips an entry whose lock another tab holds, and one another tab has already sent', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const busy: TryLock = async () => false;
    await queueOf(store, transport, busy).add(entry('k1'));
    expect(await queueOf(store, transport, busy).flush()).toEqual({ sent: 0, waiting: 1, failed: 0 });
    // Under the lock the entry is read again: gone (sent elsewhere) means nothing to send.
    const goneUnderLock: TryLock = async (_name, task) => {
      await store.delete('k1');
      await task();
      return true;
    };
    expect(await queueOf(store, transport, goneUnderLock).flush()).toEqual({ sent: 0, waiting: 0, failed: 0 });
    expect(transport.calls).toEqual([]);
  });

  it("sends only this sender's entries (same API base and user)", async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    await queue.add(entry('k1', { userId: 'someone else' }));
    await queue.add(entry('k2', { apiBase: 'https://elsewhere.example/api/v1' }));
    await queue.add(entry('k3'));
    expect(await queue.flush()).toEqual({ sent: 1, waiting: 0, failed: 0 });
    expect(transport.submitted.map((s) => s.key)).toEqual(['k3']);
    expect(store.entries.size).toBe(2);
  });
});

describe('share links (#29)', () => {
  it("a sender owns the entries of its API base, user and share link only: a signed-in filler never sends a share link's answers, nor one link another's", () => {
    const sender = { apiBase: '/api/v1', userId: '', shareToken: 'share_a' };
    expect(ownedBy(sender)(entry('k1', { userId: '', shareToken: 'share_a' }))).toBe(true);
    expect(ownedBy(sender)(entry('k2', { userId: '', shareToken: 'share_b' }))).toBe(false);
    expect(ownedBy(sender)(entry('k3', { userId: '' }))).toBe(false);
    expect(ownedBy({ apiBase: '/api/v1', userId: 'u1', shareToken: '' })(entry('k4', { shareToken: 'share_a' }))).toBe(false);
    expect(ownedBy({ apiBase: '/api/v1', userId: 'u1', shareToken: '' })(entry('k5'))).toBe(true);
  });

  it('a share link refused (401: revoked or expired) stays refused: the entry is marked with the words and never sent again', async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = new SubmissionQueue({ store, transport, owns: ownedBy({ apiBase: '/api/v1', userId: '', shareToken: 'share_a' }), tryLock: noLock });
    await queue.add(entry('k1', { userId: '', shareToken: 'share_a' }));
    transport.submits = [401];
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 0, failed: 1 });
    expect(store.entries.get('k1')!.failed).toBe('status 401');
    await queue.flush();
    expect(transport.calls).toEqual(['submit k1']);
  });

  it("a signed-in user's entry refused with 401 still waits for the next sign-in", async () => {
    const store = new MemoryStore();
    const transport = new FakeTransport();
    const queue = queueOf(store, transport);
    await queue.add(entry('k1'));
    transport.submits = [401];
    expect(await queue.flush()).toEqual({ sent: 0, waiting: 1, failed: 0 });
  });
});

describe('isRetryable', () => {
  it.each([
    [new ApiError(0, 'Network error'), true],
    [new ApiError(401, ''), true],
    [new ApiError(408, ''), true],
    [new ApiError(429, ''), true],
    [new ApiError(500, ''), true],
    [new ApiError(400, ''), false],
    [new ApiError(404, ''), false],
    [new ApiError(422, ''), false],
    [new Error('x'), false],
  ])('%o → %s', (error, retry) => {
    expect(isRetryable(error)).toBe(retry);
  });

  it('a 401 of a share link is final; its network failures and throttling are not', () => {
    expect(isRetryable(new ApiError(401, 'This link has been revoked'), { shareLink: true })).toBe(false);
    expect(isRetryable(new ApiError(0, 'Network error'), { shareLink: true })).toBe(true);
    expect(isRetryable(new ApiError(429, 'Too many'), { shareLink: true })).toBe(true);
  });
});

describe('status texts', () => {
  it('counts waiting and refused submissions', () => {
    expect(waitingText(0)).toBe('');
    expect(waitingText(1)).toBe('1 submission waiting to be sent');
    expect(waitingText(3)).toBe('3 submissions waiting to be sent');
    expect(failedText(0)).toBe('');
    expect(failedText(2)).toBe('2 submissions were refused by the server');
  });

  it('says when the waiting ones were sent, with the date when it was not today', () => {
    const at = new Date(2024, 4, 6, 14, 5);
    expect(sentText(at, new Date(2024, 4, 6, 18, 0))).toMatch(/^Sent at 14:05$|^Sent at 2:05\sPM$/);
    // Another day: THE date and time (issue #43 "One look"), not a format of its own.
    expect(sentText(at, new Date(2024, 4, 7, 9, 0))).toBe(`Sent at ${dateTimeText(at)}`);
  });
});

describe('madeAtOf (issue #44: a submission made offline counts for the occurrence whose window held when it was made)', () => {
  const made = '2026-12-08T05:20:00.000Z';
  const now = Date.parse('2026-12-08T06:30:00Z');
  it('a share link’s entry says when Submit was pressed', () => {
    expect(madeAtOf({ shareToken: 'share_x', createdAt: made }, now)).toBe(made);
  });
  it('a member’s says nothing (the server’s clock decides)', () => {
    expect(madeAtOf({ createdAt: made }, now)).toBeUndefined();
  });
  it('nothing once older than the server takes (then it counts as made when it arrives)', () => {
    expect(madeAtOf({ shareToken: 'share_x', createdAt: made }, Date.parse('2026-12-14T05:19:00Z'))).toBe(made);
    expect(madeAtOf({ shareToken: 'share_x', createdAt: made }, Date.parse('2026-12-14T05:21:00Z'))).toBeUndefined();
  });
});
