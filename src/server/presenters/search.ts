/** GET documentation/search's answer (src/shared/api/search.ts). */
import type { SearchResult } from '../../shared/api/search.ts';
import type { SearchHit } from '../db/queries/search.ts';

export function presentSearchHit(hit: SearchHit): SearchResult {
  return {
    id: hit.id,
    kind: hit.kind,
    name: hit.name,
    description: hit.description,
    doctype: hit.doctype,
    created_at: hit.createdAt.toISOString(),
    modified_at: hit.modifiedAt.toISOString(),
    folder_id: hit.folderId,
    folder_name: hit.folderName,
  };
}
