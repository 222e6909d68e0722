/**
 * The admin grids benchmark alone (`node --import tsx tests/bench/admin-grids-run.ts`; BENCH_DATABASE_URL
 * adds PostgreSQL, ADMIN_GRIDS_BENCH_ONLY=postgres|pglite keeps one, BENCH_KEEP=<name> keeps the seeded
 * database between runs): `npm run bench` runs it too.
 */
import { benchAdminGrids } from './admin-grids.ts';
import { databaseTargets } from './api-server.ts';

const only = process.env.ADMIN_GRIDS_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchAdminGrids(target);
