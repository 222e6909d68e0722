/**
 * GET documentation/search (documentation §2 Search, §7): the caller's organisation's live folders and
 * documents they may Read whose names, descriptions or question titles hold every word of `q`; the
 * statement is db/queries/search.ts. `in_folder` searches that folder's whole subtree: it must be a live
 * folder the caller may Read (else the usual 404 'Folder not found'); `root` is the whole tree.
 * At most SEARCH_MAX_RESULTS results, the most relevant first; `total` counts the hits exactly up to
 * the answered ones + SEARCH_COUNT_AHEAD, a lower bound at that cap (shared/api/search.ts).
 */
import type { List } from '../../shared/api/list.ts';
import { ROOT } from '../../shared/api/documentation.ts';
import type { SearchResult } from '../../shared/api/search.ts';
import type { SearchQueryParsed } from '../../shared/api/search-schemas.ts';
import { searchItems } from '../db/queries/search.ts';
import type { Deps, Member } from '../env.ts';
import { presentSearchHit } from '../presenters/search.ts';
import { readableFolder } from './documentation/access.ts';

/** Distinct words of a query beyond this many are ignored (each is one more condition). */
export const SEARCH_MAX_WORDS = 10;

/** The query's distinct words, lower-cased. */
export function searchWords(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/u).filter(Boolean))].slice(0, SEARCH_MAX_WORDS);
}

const fromSeconds = (seconds: number | undefined) => (seconds === undefined ? undefined : new Date(seconds * 1000));

export async function search(deps: Deps, who: Member, query: SearchQueryParsed): Promise<List<SearchResult>> {
  let within: { folderId: string; readable: boolean } | null = null;
  if (query.in_folder !== undefined && query.in_folder !== ROOT) {
    const folder = await readableFolder(deps.db, who, query.in_folder);
    // The root's subtree is the whole tree: no narrowing.
    if (folder.folder.parentId !== null) within = { folderId: folder.folder.id, readable: true };
  }
  const { hits, total } = await searchItems(deps.db, {
    orgId: who.orgId,
    userId: who.userId,
    roleIds: [...who.roleIds],
    isOrgAdmin: who.isOrgAdmin,
    words: searchWords(query.q),
    types: query.types.doctypes,
    includeFolders: query.include_folders || query.types.folders,
    within,
    createdAfter: fromSeconds(query.created_after),
    createdBefore: fromSeconds(query.created_before),
    modifiedAfter: fromSeconds(query.modified_after),
    modifiedBefore: fromSeconds(query.modified_before),
    limit: query.limit,
  });
  return { results: hits.map(presentSearchHit), total };
}
