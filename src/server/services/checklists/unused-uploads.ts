/**
 * Unused uploads are removed (issue #40): an upload is signed before its file exists and before anything
 * names it, so a signed upload that nothing uses — no submission's photo, no document's contents (a
 * question's picture, a presentation's page), no user's avatar — would otherwise keep its file for ever,
 * and anyone holding a share link could fill the disk with them. Uses are marked as they happen
 * (`uploads.in_use`, ./uploads.ts `markUploadsUsed`); a pass on a timer (background-jobs.ts, every
 * UPLOAD_CLEANUP_INTERVAL_MS) removes each upload still unused UNUSED_UPLOAD_LIFETIME_MS after signing:
 * its file from the store (local disk or S3) and its row, in one transaction per batch — a file that
 * cannot be removed keeps its batch's rows for the next pass. Work per pass is bounded (BATCHES of
 * BATCH_SIZE rows), and passes in several processes share the work (db/queries/unused-uploads.ts: SKIP LOCKED).
 */
import { repeatEvery } from '../../background-passes.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/connection.ts';
import { deleteUnusedUploads } from '../../db/queries/unused-uploads.ts';
import { storageFor, storageKeyOf } from '../../storage/index.ts';

/** Rows taken, and files removed, in one transaction… */
export const BATCH_SIZE = 100;
/** …and at most this many batches in one pass. */
export const BATCHES = 10;

interface CleanupDeps {
  db: Queryable;
  config: Config;
}

/** One pass at `now`: removes unused uploads signed longer than UNUSED_UPLOAD_LIFETIME_MS ago; answers how many. */
export async function removeUnusedUploads(
  { db, config }: CleanupDeps,
  now: Date,
  { batchSize = BATCH_SIZE, batches = BATCHES }: { batchSize?: number; batches?: number } = {},
): Promise<number> {
  const signedBefore = new Date(now.getTime() - config.unusedUploadLifetimeMs);
  const storage = storageFor(config);
  let removed = 0;
  for (let i = 0; i < batches; i++) {
    const taken = await db.transaction(async (tx) => {
      const unused = await deleteUnusedUploads(tx, signedBefore, now, batchSize);
      // A copied document's upload shares its source's file: only a row's own file is removed.
      await Promise.all(unused.filter((row) => row.fileOf === null).map((row) => storage.remove(storageKeyOf(row))));
      return unused.length;
    });
    removed += taken;
    if (taken < batchSize) break;
  }
  return removed;
}

/** Runs a pass at start and then every `intervalMs` (never two at once); the answer stops it (and waits for a pass under way). */
export function keepUnusedUploadsRemoved(deps: CleanupDeps, now: () => Date, intervalMs: number): () => Promise<void> {
  return repeatEvery(() => removeUnusedUploads(deps, now()), intervalMs, 'Removing unused uploads failed');
}
