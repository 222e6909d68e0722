/**
 * The presentation viewer benchmark alone, on the built site (`npm run build` first):
 * `node --import tsx tests/bench/presentation-viewer-run.ts`. `npm run bench` runs it too.
 */
import { benchPresentationViewer } from './presentation-viewer.ts';

await benchPresentationViewer();
