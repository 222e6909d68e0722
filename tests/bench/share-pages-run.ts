/**
 * The share pages benchmark alone (`node --import tsx tests/bench/share-pages-run.ts`, after
 * `npm run build`): /fill/{token}'s LCP beside /login's, repeat visits' bytes before the paint, and the
 * embed's gzip weight (issue #29). `npm run bench` runs it too.
 */
import { benchSharePages } from './share-pages.ts';

await benchSharePages();
