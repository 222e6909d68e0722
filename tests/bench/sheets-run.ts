/**
 * The result sheet benchmark alone (`node --import tsx tests/bench/sheets-run.ts`; BENCH_DATABASE_URL adds
 * PostgreSQL, SHEETS_BENCH_ONLY=postgres|pglite keeps one, BENCH_KEEP=<name> keeps the seeded database):
 * `npm run bench` runs it too, after the other API benchmarks.
 */
import { databaseTargets } from './api-server.ts';
import { benchSheets } from './sheets.ts';

const only = process.env.SHEETS_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchSheets(target);
