/**
 * THE rule for which pages a presentation's contents hold and in what order: `page_index` order, only ids
 * that have a page object with a media upload, each once. The viewer (viewer-state.ts `orderedPages`)
 * and its first read (first-page.ts) both follow it. It imports nothing, so the document page can load it
 * without the viewer's own files.
 */

/** A page as stored, not yet checked beyond its media (viewer-state.ts completes it). */
export interface StoredPage {
  media: string;
  [field: string]: unknown;
}

/** The stored pages in order, each with its id. */
export function storedPages(contents: unknown): [string, StoredPage][] {
  if (!contents || typeof contents !== 'object') return [];
  const { pages, page_index: index } = contents as { pages?: unknown; page_index?: unknown };
  if (!pages || typeof pages !== 'object' || !Array.isArray(index)) return [];
  const byId = pages as Record<string, unknown>;
  const seen = new Set<string>();
  const result: [string, StoredPage][] = [];
  for (const id of index) {
    if (typeof id !== 'string' || seen.has(id) || !Object.hasOwn(byId, id)) continue;
    const page = byId[id] as Partial<StoredPage> | null | undefined;
    if (!page || typeof page !== 'object' || typeof page.media !== 'string') continue;
    seen.add(id);
    result.push([id, page as StoredPage]);
  }
  return result;
}

/** A stored page's content type, as the viewer reads it. */
export const storedContentType = (page: StoredPage): string => (typeof page.content_type === 'string' ? page.content_type : 'application/octet-stream');
