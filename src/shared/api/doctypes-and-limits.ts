/**
 * The documentation tree's doctypes, the root folder's id, the limits of names and pages, a new
 * document's empty contents and the orderings of a folder's contents: zod-free values that both
 * `./documentation.ts` (which re-exports them) and the schemas of `./documentation-schemas.ts` take, so
 * that neither module imports the other back.
 */

// ─── Doctypes and limits ──────────────────────────────────────────────────────────────────────────

export const DOCTYPES = ['presentation', 'form', 'sheet', 'report'] as const;
export type Doctype = (typeof DOCTYPES)[number];

/** The id that stands for the current organisation's root folder in paths and bodies. */
export const ROOT = 'root';

/** The segment of the whole trash's old address, `/documentation/trash/1` (spec: links use it). */
export const WHOLE_TRASH_SEGMENT = '1';

/** Folder page size (documentation §9) and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const MAX_NAME_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_CHANGELOG_LENGTH = 5000;
/** Entries one ACL may hold. */
export const MAX_ACL_ENTRIES = 500;

// ─── Contents ─────────────────────────────────────────────────────────────────────────────────────

/** The contents of a new document when none are given. */
export function emptyContents(kind: Doctype) {
  switch (kind) {
    case 'presentation':
      return { pages: {}, page_index: [] };
    case 'form':
      return { questions: {}, question_index: [] };
    case 'sheet':
    case 'report':
      return { questions: {}, question_index: [], form_links: {}, form_ids: [] };
  }
}

// ─── Ordering of a folder's contents ──────────────────────────────────────────────────────────────

export const ORDERING_FIELDS = ['kind', 'name', 'created_at', 'modified_at'] as const;
export type OrderingField = (typeof ORDERING_FIELDS)[number];
export interface OrderingKey {
  field: OrderingField;
  descending: boolean;
}
/** Kind first (folders before documents), then name. */
export const DEFAULT_ORDERING: readonly OrderingKey[] = [
  { field: 'kind', descending: false },
  { field: 'name', descending: false },
];

