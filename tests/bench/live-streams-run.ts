/**
 * The open-pages benchmark alone (`node --import tsx tests/bench/live-streams-run.ts`, with
 * BENCH_DATABASE_URL: PostgreSQL only). `npm run bench` runs it too.
 */
import { databaseTargets } from './api-server.ts';
import { benchLiveStreams } from './live-streams.ts';

for (const target of databaseTargets().filter((t) => t.kind === 'postgres')) await benchLiveStreams(target);
