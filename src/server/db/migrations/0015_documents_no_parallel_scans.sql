-- Search (issue #12): a common word's hits are read by a scan that its LIMIT stops after a few thousand
-- rows; PostgreSQL planned it as a parallel scan whose workers and Gather cost more than the rows (65 ms
-- against 25 ms on the bench's 100,000 documents, 2 cores). No request reads documents in bulk, so no
-- parallel scans of this table. PGlite runs no parallel workers: the setting changes nothing there.
ALTER TABLE "documents" SET (parallel_workers = 0);
