/**
 * The signed-in pages benchmark alone (`node --import tsx tests/bench/signed-in-pages-run.ts`, after
 * `npm run build`): the LCP of a checklist's view page, a folder of 100 items and home on a throttled
 * phone, each beside its floor (issue #8). `npm run bench` runs it too.
 */
import { benchSignedInPages } from './signed-in-pages.ts';

await benchSignedInPages();
