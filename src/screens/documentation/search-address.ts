/**
 * The search page's address (documentation §2 Search) ↔ its form and the API's query (pure). The address
 * holds the search, so a result list can be shared or reloaded:
 *   /documentation/search?q=pump&types=form,sheet,folder&folder={id}&only_folder=1
 *                        &created_from=2025-01-01&created_to=2025-01-31&modified_from=…&modified_to=…
 * - `folder`: the folder the person came from (the top bar's box on a folder's page sets it); it makes
 *   'Only in current folder' available, and `only_folder=1` ticks it (→ the API's in_folder);
 * - `types`: doctypes and `folder` (→ include_folders); none given → the API's defaults (presentation,
 *   form, sheet), as the form shows them;
 * - dates are days (YYYY-MM-DD) in the browser's time zone, each inclusive: from = that day's first
 *   second, to = its last (→ the API's epoch-second *_after / *_before).
 */
import type { SearchQuery, SearchResult } from '../../shared/api/search.ts';
import { ITEM_KIND_LABELS, itemKindKey, type ItemKindKey } from '../../shared/item-kinds.ts';
import { searchPath } from '../../shared/page-addresses.ts';

export const SEARCH_TYPE_KEYS: readonly ItemKindKey[] = ['folder', 'presentation', 'form', 'sheet', 'report'];
export const DEFAULT_SEARCH_TYPES: readonly ItemKindKey[] = ['presentation', 'form', 'sheet'];
const DATE_KEYS = ['created_from', 'created_to', 'modified_from', 'modified_to'] as const;
type DateKey = (typeof DATE_KEYS)[number];

export interface SearchForm {
  q: string;
  types: ItemKindKey[];
  folder: string | null;
  onlyFolder: boolean;
  /** YYYY-MM-DD or ''. */
  dates: Record<DateKey, string>;
}

const isDay = (s: string | null): s is string => s !== null && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(new Date(`${s}T00:00:00`).getTime());

export function formOfAddress(search: string): SearchForm {
  const params = new URLSearchParams(search);
  const listed = (params.get('types') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is ItemKindKey => (SEARCH_TYPE_KEYS as readonly string[]).includes(s));
  const folder = params.get('folder')?.trim() || null;
  return {
    q: params.get('q') ?? '',
    types: listed.length > 0 ? SEARCH_TYPE_KEYS.filter((k) => listed.includes(k)) : [...DEFAULT_SEARCH_TYPES],
    folder,
    onlyFolder: folder !== null && params.get('only_folder') === '1',
    dates: Object.fromEntries(DATE_KEYS.map((k) => [k, isDay(params.get(k)) ? params.get(k)! : ''])) as Record<DateKey, string>,
  };
}

/** Whether the address asks for a search at all (the bare page shows the form only). */
export function addressSearches(search: string): boolean {
  const params = new URLSearchParams(search);
  return ['q', 'types', 'only_folder', ...DATE_KEYS].some((k) => params.has(k));
}

export function addressOfForm(form: SearchForm): string {
  const params = new URLSearchParams();
  params.set('q', form.q);
  const defaults = form.types.length === DEFAULT_SEARCH_TYPES.length && DEFAULT_SEARCH_TYPES.every((t) => form.types.includes(t));
  if (!defaults) params.set('types', form.types.join(','));
  if (form.folder) params.set('folder', form.folder);
  if (form.folder && form.onlyFolder) params.set('only_folder', '1');
  for (const key of DATE_KEYS) if (form.dates[key]) params.set(key, form.dates[key]);
  return searchPath(params);
}

/** Epoch seconds of a day's first second, or of its last (`end`), in the browser's time zone. */
export function daySeconds(day: string, end: boolean): number {
  const start = new Date(`${day}T00:00:00`);
  if (end) start.setDate(start.getDate() + 1);
  return Math.floor(start.getTime() / 1000) - (end ? 1 : 0);
}

export function apiQueryOfForm(form: SearchForm): SearchQuery {
  // `folder` among the types includes folders (alone: folders only); nothing ticked: the API's defaults.
  const query: SearchQuery = { q: form.q.trim(), types: form.types };
  if (form.folder && form.onlyFolder) query.in_folder = form.folder;
  if (form.dates.created_from) query.created_after = daySeconds(form.dates.created_from, false);
  if (form.dates.created_to) query.created_before = daySeconds(form.dates.created_to, true);
  if (form.dates.modified_from) query.modified_after = daySeconds(form.dates.modified_from, false);
  if (form.dates.modified_to) query.modified_before = daySeconds(form.dates.modified_to, true);
  return query;
}

export const typeLabel = (result: Pick<SearchResult, 'kind' | 'doctype'>): string => ITEM_KIND_LABELS[itemKindKey(result)];

/** The grid's order (documentation §2): by Type ascending as shown (its words); the API's relevance order kept within a type. */
export function byTypeAscending(results: readonly SearchResult[]): SearchResult[] {
  return results
    .map((result, i) => ({ result, i, type: typeLabel(result) }))
    .sort((a, b) => a.type.localeCompare(b.type) || a.i - b.i)
    .map((x) => x.result);
}
