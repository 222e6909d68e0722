/**
 * What the benches of many submissions share (analytics.ts, organisation-export.ts, sheets.ts): a checklist's
 * question as the API takes it, the submissions written in bulk straight into the database (one
 * `INSERT … SELECT … FROM generate_series` per 25,000 rows: the API would take hours), and a download measured
 * with this process's memory sampled meanwhile (the server runs in this process).
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { ApiServer } from './api-server.ts';

const ROWS_PER_STATEMENT = 25_000;

/** A question as the API takes it (no comments, no photo, no validation unless `extra` says so). */
export const benchQuestion = (title: string, valueType: string, widget: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: '',
  valueType,
  widget,
  choices: [],
  required: false,
  allowComments: false,
  photoVerification: false,
  validation: { enabled: false, roles: [], users: [] },
  ...extra,
});

/** A stored answer as SQL text over the series' `i`: its value, comments and valid flag (SQL expressions). */
export const storedAnswer = (value: string, comments = "''", valid = 'true') =>
  `jsonb_build_object('value', ${value}, 'comments', ${comments}, 'media', '[]'::jsonb, 'valid', ${valid})`;

interface SubmissionRows {
  orgId: string;
  documentId: string;
  userId: string;
  /** The rows `from` … `to - 1` of the series `i`. */
  from: number;
  to: number;
  /** Each row's record, its count of validation errors and its created_at: SQL over `i`. */
  record: SQL;
  errors?: SQL;
  createdAt: SQL;
}

/** Writes submissions `from` … `to - 1` of a checklist (version 1) in bulk, 25,000 to a statement. */
export async function insertSubmissions(server: ApiServer, rows: SubmissionRows): Promise<void> {
  for (let start = rows.from; start < rows.to; start += ROWS_PER_STATEMENT) {
    const end = Math.min(rows.to, start + ROWS_PER_STATEMENT) - 1;
    await server.db.execute(sql`
      INSERT INTO checklist_submissions (id, org_id, document_id, version, record, validation_errors, created_by, created_at)
      SELECT gen_random_uuid(), ${rows.orgId}::uuid, ${rows.documentId}::uuid, 1, ${rows.record}, ${rows.errors ?? sql`0`}, ${rows.userId}::uuid, ${rows.createdAt}
        FROM generate_series(${start}::bigint, ${end}::bigint) i`);
  }
}

export interface MemorySampled<T> {
  result: T;
  seconds: number;
  /** The peaks of this process's resident memory and heap above their start. */
  rssUp: number;
  heapUp: number;
  /** With --expose-gc: the heap still in use after a full collection, at its peak (what the work holds). */
  liveUp: number | undefined;
}

/** Runs `work` (a download) with this process's memory sampled every 20 ms, and after full collections twice a second. */
export async function withMemorySampled<T>(work: () => Promise<T>): Promise<MemorySampled<T>> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakLive = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const live = global.gc
    ? setInterval(() => {
        global.gc!();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }, 500)
    : undefined;
  const started = performance.now();
  try {
    const result = await work();
    const liveUp = global.gc ? peakLive - before.heapUsed : undefined;
    return { result, seconds: (performance.now() - started) / 1000, rssUp: peakRss - before.rss, heapUp: peakHeap - before.heapUsed, liveUp };
  } finally {
    clearInterval(timer);
    clearInterval(live);
  }
}
