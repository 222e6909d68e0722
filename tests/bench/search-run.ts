/**
 * The search benchmark alone (`node --import tsx tests/bench/search-run.ts`; BENCH_DATABASE_URL adds
 * PostgreSQL, SEARCH_BENCH_ONLY=postgres|pglite keeps one, BENCH_KEEP=<name>
 * keeps the seeded database between runs): `npm run bench` runs it too, after the other
 * API benchmarks.
 */
import { databaseTargets } from './api-server.ts';
import { benchSearch } from './search.ts';

const only = process.env.SEARCH_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchSearch(target);
