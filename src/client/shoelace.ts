/**
 * Shoelace for the islands: where its assets (icons) are served. Import this module once, before any
 * Shoelace component renders an icon; components themselves are imported one by one where they are used.
 */
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';

setBasePath('/shoelace');
