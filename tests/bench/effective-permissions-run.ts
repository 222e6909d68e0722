/**
 * The effective permissions benchmark alone (`node --import tsx tests/bench/effective-permissions-run.ts`;
 * BENCH_DATABASE_URL adds PostgreSQL, EFFECTIVE_BENCH_ONLY=postgres|pglite keeps one): `npm run bench` runs it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchEffectivePermissions } from './effective-permissions.ts';

const only = process.env.EFFECTIVE_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchEffectivePermissions(target);
