/**
 * The main-content benchmark alone (`npx tsx tests/bench/main-content-run.ts`, after `npm run build`):
 * when five signed-in pages show their main content beside /login's LCP in the same run, their CLS, and
 * the long tasks of /login and /register (issue #31). `npm run bench` runs it too. BENCH_TRACE=1 names
 * what filled each long task.
 */
import { benchMainContent } from './main-content.ts';

await benchMainContent();
