/**
 * The fan-out benchmark alone (`node --import tsx tests/bench/notifications-fan-out-run.ts`;
 * BENCH_DATABASE_URL adds PostgreSQL, FAN_OUT_BENCH_ONLY=postgres|pglite keeps one): `npm run bench` runs it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchNotificationsFanOut } from './notifications-fan-out.ts';

const only = process.env.FAN_OUT_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchNotificationsFanOut(target);
