/** Column helpers and checks shared by the tables of every area. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, timestamp } from 'drizzle-orm/pg-core';

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL's full-text document type (search reads it only inside SQL; never selected). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Search (documentation §2 Search; src/server/db/queries/search.ts). Two generated columns per item, kept by
 * PostgreSQL on every write:
 * - search_vector: the words of the name (weight A), the description (B) and, for documents, the question
 *   titles (C) under the 'simple' configuration (lowercase words, no stemming or stop words: the
 *   organisations write in any language) — GIN-indexed; matches whole words and word beginnings (`w:*`)
 *   and ranks the results;
 * - search_text: the same text lower-cased in one string — GIN-indexed with pg_trgm's gin_trgm_ops, so a
 *   part of a word anywhere (`LIKE '%spect%'`) is found from the index.
 * Question titles are those of the published contents (`$.questions.*.title`: checklists, result sheets
 * and reports), read with jsonb_path_query_array (immutable).
 */
export const QUESTION_TITLES = (contents: AnyPgColumn) => sql`jsonb_path_query_array(${contents}, '$.questions.*.title')`;
export const createdAt = () => at('created_at').notNull().defaultNow();

/** Exactly one of folder_id and document_id is set: the item a row is about. */
export const oneItem = (name: string, t: { folderId: unknown; documentId: unknown }) =>
  check(name, sql`(${t.folderId} is null) <> (${t.documentId} is null)`);

/**
 * A foreign key to a table whose own file imports this one's (users.avatar → uploads, whose rows belong to
 * users): the table is named rather than imported, so the schema's files import one another one way only.
 * Its file registers it (`tableNamedInReferences`); the reference is read when the foreign key is built
 * (drizzle-kit, getTableConfig), once db/schema.ts has loaded every file.
 */
const namedTables = new Map<string, { id: AnyPgColumn }>();

export function tableNamedInReferences<T extends { id: AnyPgColumn }>(name: string, table: T): T {
  namedTables.set(name, table);
  return table;
}

export const referenceTo =
  (name: string) =>
  (): AnyPgColumn => {
    const table = namedTables.get(name);
    if (!table) throw new Error(`The table ${name} is not loaded: import src/server/db/schema.ts`);
    return table.id;
  };
