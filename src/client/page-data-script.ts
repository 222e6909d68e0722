/**
 * The signed-in pages' inline bootstrap (./page-data-bootstrap.js), configured at build time: it sends
 * the reads the page data block names and does not answer (./page-data.ts takes them by name). It matches
 * no route and expands no read: the server did (src/shared/page-data-reads.ts); it fills in the folder
 * sort this browser remembers (`sorts`), and knows the default (`sortDefault`) the server answers in.
 */
import { DEFAULT_SORT_KEY, SORT_QUERIES, SORT_STORAGE_KEY } from '../shared/page-data-reads.ts';
import { PAGE_DATA_ID } from '../shared/page-data.ts';
import { inlineCall } from '../shared/inline-call.ts';
import { localKeys, sessionKeys } from './storage.ts';

/** The inline script's text: the bootstrap's function called with what it needs (the same for every shell). */
export function pageDataScript(bootstrapSource: string, base: string): string {
  return inlineCall(bootstrapSource, {
    base: base.replace(/\/+$/, ''),
    blockId: PAGE_DATA_ID,
    tokenKey: localKeys.token,
    loginFlagKey: localKeys.loggedIn,
    adminKey: sessionKeys.isOrgAdmin,
    sortKey: SORT_STORAGE_KEY,
    sorts: SORT_QUERIES,
    sortDefault: DEFAULT_SORT_KEY,
  });
}
