/**
 * Signed uploads (issue #4; accounts §7 users/sign-avatar-upload): a document's files and users' avatars.
 * A user's avatar (accounts.ts users.avatar) names its upload by table (columns.ts `referenceTo`), so that
 * accounts.ts does not import this file, which imports it: the schema's files import one another one way.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, tableNamedInReferences } from './columns.ts';
import { organisations, users } from './accounts.ts';
import { documents } from './documentation.ts';

/**
 * A signed upload: what was signed for whom, and when the file arrived. Two purposes:
 * - 'document' (documentation §7 sign-content-upload): a file of one document of one organisation,
 *   kept by the storage driver under `{org_id}/{id}`;
 * - 'avatar' (accounts §7 users/sign-avatar-upload): a user's picture. Avatars belong to a user, not to
 *   an organisation (a user belongs to several): no org or document; `user_id` is the user whose picture
 *   it is (the uploader, until an admin's upload is handed to the user it creates), kept under
 *   `avatars/{id}`.
 */
export const uploads = tableNamedInReferences(
  'uploads',
  pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', { enum: ['document', 'avatar'] }).notNull().default('document'),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /** Whose avatar this is (purpose 'avatar' only). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Null until the file has arrived and passed its checks. */
    completedAt: at('completed_at'),
    /**
     * A copied document's upload shares the file of the upload it was copied from (its id: the file is
     * kept at {org id}/{file_of}); null: the file is this row's own. Files of documents are never removed.
     */
    fileOf: uuid('file_of'),
    /**
     * Whether something uses the upload: a submission's photo, a document's contents (a question's
     * picture, a presentation's page), a user's avatar, or a copied document's upload. A signed upload
     * starts false and is marked true by its first use (services/checklists/uploads.ts `markUploadsUsed`);
     * one still unused UNUSED_UPLOAD_LIFETIME_MS after signing is removed, row and file
     * (services/checklists/unused-uploads.ts). The default true keeps every row written another way.
     */
    inUse: boolean('in_use').notNull().default(true),
  },
  (t) => [
    index('uploads_document_idx').on(t.documentId),
    index('uploads_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    // The clean-up's candidates, oldest first; and the copies sharing a file (never removed under them).
    index('uploads_unused_idx').on(t.createdAt).where(sql`not ${t.inUse}`),
    index('uploads_file_of_idx').on(t.fileOf).where(sql`${t.fileOf} is not null`),
    check(
      'uploads_purpose_owner',
      sql`(${t.purpose} = 'document' and ${t.orgId} is not null and ${t.documentId} is not null and ${t.userId} is null)
        or (${t.purpose} = 'avatar' and ${t.orgId} is null and ${t.documentId} is null and ${t.userId} is not null)`,
    ),
  ],
),
);
