// @ts-check
/**
 * The repository's own lint rules (`ringbinder/…` in eslint.config.js), checking the table of ./layout.js:
 * - `boundaries` (./boundaries.js): every import of a file, resolved to a repository path (./paths.js),
 *   against the folders it may reach, the packages, and the schema modules (./schema-modules.js);
 * - `no-raw-requests` (./no-raw-requests.js): requests and connections outside the one transport;
 * - `one-date-format` (./one-date-format.js): dates written by anything but THE date-time text.
 * - `no-import-cycles` (./import-cycles.js): no module comes back to itself through its imports.
 */
import { boundaries } from './boundaries.js';
import { noImportCycles } from './import-cycles.js';
import { noRawRequests } from './no-raw-requests.js';
import { oneDateFormat } from './one-date-format.js';

export default {
  meta: { name: 'ringbinder' },
  rules: { boundaries, 'no-raw-requests': noRawRequests, 'one-date-format': oneDateFormat, 'no-import-cycles': noImportCycles },
};
