/**
 * The sort menu's choices (documentation §2: Name, Kind, Created, Modified, each ascending or
 * descending) as `ordering` lists for GET …/contents, and the choice remembered in this browser.
 */
import { sortLabel } from '../../src/shared/first-paint/folder.ts';

export interface SortOrder {
  key: string;
  label: string;
  /** Constant per choice, so a hook can depend on it. */
  ordering: readonly string[];
}

const fields = ['name', 'kind', 'created_at', 'modified_at'] as const;

export const SORT_ORDERS: readonly SortOrder[] = fields.flatMap((field) =>
  (['ascending', 'descending'] as const).map((direction) => {
    const sign = direction === 'descending' ? '-' : '';
    // Ties (same kind, same date) fall back to the name, so the order never wobbles between loads.
    const ordering = field === 'name' ? [`${sign}name`] : [`${sign}${field}`, 'name'];
    return { key: `${sign}${field}`, label: sortLabel(`${sign}${field}`), ordering };
  }),
);

/** Kind, then name: folders first, as a folder opens by default. */
export const DEFAULT_SORT: SortOrder = SORT_ORDERS.find((o) => o.key === 'kind')!;

const STORAGE_KEY = 'documentationSort';

export function rememberedSort(): SortOrder {
  try {
    const key = localStorage.getItem(STORAGE_KEY);
    return SORT_ORDERS.find((o) => o.key === key) ?? DEFAULT_SORT;
  } catch {
    return DEFAULT_SORT;
  }
}

export function rememberSort(order: SortOrder): void {
  try {
    localStorage.setItem(STORAGE_KEY, order.key);
  } catch {
    // storage unavailable: the choice lasts as long as the page
  }
}
