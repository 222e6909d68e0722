/**
 * The minimal route (minimal-server.ts) as a process of its own, as the throughput bench starts it
 * (`spawnMinimalServer`): nothing else runs on its event loop, and nothing of the server under test wakes
 * with the rows it writes. Prints `listening <url>` once it answers; SIGTERM stops it.
 * Env: MINIMAL_DATABASE_URL, MINIMAL_ORG_ID, MINIMAL_USER_ID.
 */
import { startMinimalServer } from './minimal-server.ts';

const env = process.env;
const server = await startMinimalServer(env.MINIMAL_DATABASE_URL!, { orgId: env.MINIMAL_ORG_ID!, userId: env.MINIMAL_USER_ID! });
process.stdout.write(`listening ${server.url}\n`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
