/**
 * The webhooks benchmark alone (`node --import tsx tests/bench/webhooks-run.ts`; BENCH_DATABASE_URL adds
 * PostgreSQL, WEBHOOKS_BENCH_ONLY=postgres|pglite keeps one): `npm run bench` runs it too, last.
 */
import { databaseTargets } from './api-server.ts';
import { benchWebhooks } from './webhooks.ts';

const only = process.env.WEBHOOKS_BENCH_ONLY;
for (const target of databaseTargets().filter((t) => !only || t.kind === only)) await benchWebhooks(target);
