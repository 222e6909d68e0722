/**
 * The organisation export benchmark alone (`node --expose-gc --import tsx tests/bench/organisation-export-run.ts`;
 * BENCH_DATABASE_URL adds PostgreSQL, EXPORT_BENCH_ONLY=postgres|pglite keeps one, BENCH_SMOKE=1 the small sizes):
 * `npm run bench` runs it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchOrganisationExport } from './organisation-export.ts';

const only = process.env.EXPORT_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchOrganisationExport(target);
