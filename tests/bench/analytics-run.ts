/**
 * The checklist analytics benchmark alone (`node --import tsx tests/bench/analytics-run.ts`; BENCH_DATABASE_URL
 * adds PostgreSQL, ANALYTICS_BENCH_ONLY=postgres|pglite keeps one): `npm run bench` runs it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchAnalytics } from './analytics.ts';

const only = process.env.ANALYTICS_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchAnalytics(target);
