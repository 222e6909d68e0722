/** The documentation tree (documentation §3): folders, documents and their published versions, and the ACL entries on them. */
import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, tsvector, QUESTION_TITLES, createdAt } from './columns.ts';
import { orgIdColumn, users } from './accounts.ts';

/**
 * The item a row is about: a folder or a document (exactly one: `oneItem` in columns.ts), gone with it. A
 * function declaration, ready before the area files that import it run (see accounts.ts).
 */
export function itemColumns() {
  return {
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
  };
}

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    /** Null for the organisation's root folder. */
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: at('modified_at').notNull().defaultNow(),
    /** Set when the folder was deleted (moved to the trash); its subtree goes with it. */
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Search (see QUESTION_TITLES above): generated, never written. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`setweight(to_tsvector('simple'::regconfig, ${folders.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${folders.description}), 'B')`,
    ),
    searchText: text('search_text').generatedAlwaysAs((): SQL => sql`lower(${folders.name} || ' ' || ${folders.description})`),
  },
  (t) => [
    index('folders_parent_idx').on(t.parentId, t.name),
    index('folders_org_root_idx').on(t.orgId).where(sql`${t.parentId} is null`),
    // A folder's live contents in each order the browser sorts by: one page is read from the index, not sorted.
    index('folders_live_by_name_idx').on(t.parentId, sql`lower(${t.name})`, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('folders_live_by_created_idx').on(t.parentId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('folders_live_by_modified_idx').on(t.parentId, t.modifiedAt, t.id).where(sql`${t.deletedAt} is null`),
    index('folders_trash_idx').on(t.orgId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('folders_search_vector_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} is null`),
    index('folders_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')).where(sql`${t.deletedAt} is null`),
    // Search's first tier (every word beginning a word of the name) without reading the rows of other matches.
    index('folders_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
);

export const doctypes = ['presentation', 'form', 'sheet', 'report'] as const;
export type Doctype = (typeof doctypes)[number];

/** A document: its latest published version's contents, plus the work in progress (draft). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    doctype: text('doctype', { enum: doctypes }).notNull(),
    /** The latest published version number. */
    version: integer('version').notNull().default(1),
    contents: jsonb('contents').$type<unknown>().notNull(),
    draftContents: jsonb('draft_contents').$type<unknown>(),
    draftUserId: uuid('draft_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: at('modified_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Search (see QUESTION_TITLES above): generated, never written. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, ${documents.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${documents.description}), 'B') || setweight(to_tsvector('simple'::regconfig, ${QUESTION_TITLES(documents.contents)}), 'C')`,
    ),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${documents.name} || ' ' || ${documents.description} || ' ' || (${QUESTION_TITLES(documents.contents)})::text)`,
    ),
  },
  (t) => [
    index('documents_folder_idx').on(t.folderId, t.name),
    index('documents_live_by_name_idx').on(t.folderId, sql`lower(${t.name})`, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('documents_live_by_created_idx').on(t.folderId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('documents_live_by_modified_idx').on(t.folderId, t.modifiedAt, t.id).where(sql`${t.deletedAt} is null`),
    index('documents_trash_idx').on(t.orgId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('documents_search_vector_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} is null`),
    index('documents_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')).where(sql`${t.deletedAt} is null`),
    // Search's first tier (every word beginning a word of the name) without reading the rows of other matches.
    index('documents_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
);

/** Every published version of a document, immutable. */
export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    contents: jsonb('contents').$type<unknown>().notNull(),
    changelog: text('changelog').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.version] })],
);

/** Grants and revokes of permission bits on an item, for the organisation, a role or a user. */
export const aclEntries = pgTable(
  'acl_entries',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    ...itemColumns(),
    subjectType: text('subject_type', { enum: ['org', 'role', 'user'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    isGrant: boolean('is_grant').notNull(),
    permissions: integer('permissions').notNull(),
  },
  (t) => [
    index('acl_entries_folder_idx').on(t.folderId),
    index('acl_entries_document_idx').on(t.documentId),
    // the entries naming a caller (user, organisation, role): child_entries_naming starts from them
    index('acl_entries_subject_idx').on(t.subjectId),
  ],
);
