/**
 * GET documentation/search (documentation §2 Search, §3 Search parameters, §7): names, descriptions and
 * question titles; only items the caller may Read.
 */
import type { Doctype, ItemKind } from './documentation.ts';

export interface SearchQuery {
  q?: string;
  /**
   * Default presentation, form, sheet. `folder` among them includes folders like include_folders, so
   * `types=folder` alone asks for folders only.
   */
  types?: readonly (Doctype | 'folder')[];
  include_folders?: boolean;
  /** That folder's whole subtree. */
  in_folder?: string;
  /** Epoch seconds. */
  created_before?: number;
  created_after?: number;
  modified_before?: number;
  modified_after?: number;
  limit?: number;
}

export interface SearchResult {
  id: string;
  kind: ItemKind;
  name: string;
  description: string;
  /** Null for folders. */
  doctype: Doctype | null;
  created_at: string;
  modified_at: string;
  /** The folder it is in (null for the root folder itself). */
  folder_id: string | null;
  folder_name: string | null;
}

/**
 * How far past the answered results `GET documentation/search` looks: it takes at most
 * `min(limit, 1000) + SEARCH_COUNT_AHEAD` hits (the best tiers first: names, word beginnings, parts of
 * words), ranks those, and counts them as `total` — so a total at that cap means "at least that many".
 */
export const SEARCH_COUNT_AHEAD = 1_000;

/** Whether a search's `total` is a lower bound ("2,000+") rather than the exact count. */
export function searchTotalIsAtLeast(total: number, answered: number): boolean {
  return total >= answered + SEARCH_COUNT_AHEAD;
}
