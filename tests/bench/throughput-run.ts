/**
 * The throughput benchmark alone (`node --import tsx tests/bench/throughput-run.ts`; BENCH_DATABASE_URL adds
 * PostgreSQL, where the req/s part runs; THROUGHPUT_BENCH_ONLY=postgres|pglite keeps one): SQL statements
 * per folder open and per submission, and req/s beside the minimal route (issue #8). `npm run bench` runs
 * it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchThroughput } from './throughput.ts';

const only = process.env.THROUGHPUT_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchThroughput(target);
