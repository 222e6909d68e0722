/**
 * Every item of a paged list (`{results, total}` with skip and limit): pages of 100 (documentation
 * §9: folder and history page size) until `total` is reached, or until `stopAfter` says the rest is
 * not needed (e.g. the folders of a folder come before its documents).
 */
import { DEFAULT_PAGE_SIZE } from '../shared/api/documentation.ts';
import type { List } from '../shared/api/list.ts';

/** The page size of folders and history (documentation §9); the API's default limit too. */
export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

export type PageOf<T> = (query: { skip: number; limit: number }) => Promise<List<T>>;

export async function allPages<T>(
  pageOf: PageOf<T>,
  options: { limit?: number; stopAfter?: (page: readonly T[]) => boolean } = {},
): Promise<T[]> {
  const limit = options.limit ?? PAGE_SIZE;
  const items: T[] = [];
  for (;;) {
    const { results, total } = await pageOf({ skip: items.length, limit });
    items.push(...results);
    // An empty page ends it too: items may leave the list between two pages.
    if (results.length === 0 || items.length >= total || options.stopAfter?.(results)) return items;
  }
}
