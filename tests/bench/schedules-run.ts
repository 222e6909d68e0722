/**
 * The schedules benchmark alone (`node --import tsx tests/bench/schedules-run.ts`; BENCH_DATABASE_URL adds
 * PostgreSQL, SCHEDULES_BENCH_ONLY=postgres|pglite keeps one): `npm run bench` runs it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchSchedules } from './schedules.ts';

const only = process.env.SCHEDULES_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchSchedules(target);
