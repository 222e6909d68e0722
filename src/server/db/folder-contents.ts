/**
 * What a folder holds, in SQL the query builder cannot say: a page of its live contents (folders and
 * documents as one UNION, ordered and paged in the database, with the counts and usernames: one
 * statement), a page of the trash, and the SQL of the ACL entries naming a caller on a folder's live children.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype, OrderingKey } from '../../shared/api/documentation.ts';
import type { Queryable } from './connection.ts';
import { rows, stamps, toDate } from './rows.ts';
import { runStatement, statementFamily } from './statements.ts';

/** The subjects a caller is named by: their user id, their roles, their organisation. */
export interface Naming {
  userId: string;
  orgId: string;
  roleIds: readonly string[];
}

/** An ACL entry `a` naming the caller: their user id, their organisation, or one of their roles (an array literal). */
const NAMES_CALLER = sql`((a.subject_type = 'user' AND a.subject_id = ${sql.placeholder('userId')})
            OR (a.subject_type = 'org' AND a.subject_id = ${sql.placeholder('orgId')})
            OR (a.subject_type = 'role' AND a.subject_id = ANY(${sql.placeholder('roleIds')}::uuid[])))`;

export interface ChildEntry {
  itemId: string;
  subjectType: 'org' | 'role' | 'user';
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

/**
 * The ACL entries naming the caller (placeholders userId, orgId, roleIds) on the live children of the
 * folder `parentId` is, read inside the folder's chain statement (documentation-tree.ts
 * `folderChainAndChildEntries`).
 *
 * Driven from the entries naming the caller, each checked against its item by primary key (a scalar
 * subquery, which the planner cannot turn into a join), so the plan never depends on statistics. As a
 * join of the folder's children with acl_entries, a never-analysed PGlite guessed one child and scanned
 * acl_entries once per child: 10,000 children × 120 entries, 280–460 ms (5 ms once analysed).
 */
export const childEntriesNamingSql = (parentId: SQL) => sql`SELECT a.folder_id AS item_id, a.subject_type, a.subject_id, a.is_grant, a.permissions
        FROM acl_entries a
       WHERE a.folder_id IS NOT NULL AND ${NAMES_CALLER}
         AND (SELECT f.parent_id FROM folders f WHERE f.id = a.folder_id AND f.deleted_at IS NULL) = ${parentId}
      UNION ALL
      SELECT a.document_id, a.subject_type, a.subject_id, a.is_grant, a.permissions
        FROM acl_entries a
       WHERE a.document_id IS NOT NULL AND ${NAMES_CALLER}
         AND (SELECT d.folder_id FROM documents d WHERE d.id = a.document_id AND d.deleted_at IS NULL) = ${parentId}`;

/** The placeholders of `childEntriesNamingSql` for a caller. */
export const namingParams = (naming: Naming) => ({ userId: naming.userId, orgId: naming.orgId, roleIds: `{${naming.roleIds.join(',')}}` });

/** A row of `childEntriesNamingSql`, as the driver or json_agg hands it out. */
export interface RawChildEntry {
  item_id: string;
  subject_type: ChildEntry['subjectType'];
  subject_id: string;
  is_grant: boolean;
  permissions: number;
}

export const childEntry = (r: RawChildEntry): ChildEntry => ({
  itemId: r.item_id,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  isGrant: r.is_grant,
  permissions: Number(r.permissions),
});

export interface ItemRow {
  kind: 'folder' | 'document';
  /** Usernames, when the query that read the row joined them (contentsPage does). */
  createdByUsername?: string | null;
  modifiedByUsername?: string | null;
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  version: number;
  createdBy: string | null;
  createdAt: Date;
  modifiedBy: string | null;
  modifiedAt: Date;
  /** The reader's subscription to the item, when the query that read the row joined it (contentsPage does): null for none. */
  subscription?: { validationErrorsOnly: boolean; emailNotifications: boolean } | null;
}

interface RawItemRow {
  kind: 'folder' | 'document';
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  version: number;
  created_by: string | null;
  created_at: unknown;
  modified_by: string | null;
  modified_at: unknown;
}

const itemRow = (r: RawItemRow): ItemRow => ({
  kind: r.kind,
  id: r.id,
  name: r.name,
  description: r.description,
  doctype: r.doctype,
  version: Number(r.version),
  ...stamps(r),
});

const ORDER_COLUMNS: Record<OrderingKey['field'], SQL[]> = {
  // Folders before documents when ascending.
  kind: [sql`i.kind_rank`],
  // Case-insensitive, then exact, so that equal names in different case still sort the same way every time.
  name: [sql`lower(i.name)`, sql`i.name`],
  created_at: [sql`i.created_at`],
  modified_at: [sql`i.modified_at`],
};

function orderBy(ordering: readonly OrderingKey[]): SQL {
  const terms = ordering.flatMap((key) =>
    ORDER_COLUMNS[key.field].map((column) => (key.descending ? sql`${column} DESC` : sql`${column} ASC`)),
  );
  // The id last, in the direction of the last key: a total order (pages never overlap or skip), and one
  // that the contents indexes (parent, key…, id) can give scanned either way.
  terms.push(ordering.at(-1)?.descending ? sql`i.id DESC` : sql`i.id ASC`);
  return sql.join(terms, sql`, `);
}

export interface ContentsPageQuery {
  parentId: string;
  /** Children the caller may not Read: left out of the page and of the total. */
  hidden: readonly string[];
  ordering: readonly OrderingKey[];
  skip: number;
  limit: number;
  /** Whose subscriptions the page carries (each item's row of subscriptions_user_item_key, joined). */
  reader: { orgId: string; userId: string };
}

/*
 * Folders and documents as rows of one shape. The conditions go OUTSIDE these selects: PostgreSQL only
 * flattens UNION ALL branches without WHERE clauses, and only flattened branches let the planner push
 * the conditions into each table and merge their index scans (Merge Append) in the order asked for.
 */
const FOLDER_ROWS = sql`SELECT 'folder'::text AS kind, 0 AS kind_rank, f.id, f.parent_id AS parent_id, f.name, f.description,
       NULL::text AS doctype, f.version, f.created_by, f.created_at, f.modified_by, f.modified_at, f.deleted_at
  FROM folders f`;
const DOCUMENT_ROWS = sql`SELECT 'document'::text AS kind, 1 AS kind_rank, d.id, d.folder_id AS parent_id, d.name, d.description,
       d.doctype, d.version, d.created_by, d.created_at, d.modified_by, d.modified_at, d.deleted_at
  FROM documents d`;

/** A page's values, by the placeholders of its statement. */
const PARENT = sql.placeholder('parentId');
const SKIP = sql`${sql.placeholder('skip')}::int`;
const LIMIT = sql`${sql.placeholder('limit')}::int`;

/** The live children of the folder, less the hidden ones (an array, empty when none is hidden). */
const LIVE_CHILDREN = sql`i.parent_id = ${PARENT} AND i.deleted_at IS NULL AND i.id <> ALL(${sql.placeholder('hidden')}::uuid[])`;

const PAGE_COLUMNS = sql`i.kind, i.id, i.name, i.description, i.doctype, i.version, i.created_by, i.created_at, i.modified_by, i.modified_at`;

/** One block of a page, numbered in order (`ord`) so the outer query can keep the order the index gave. */
function pageBranch(rowsOf: SQL, ordering: readonly OrderingKey[], block: number, offset: SQL, limit: SQL): SQL {
  const order = orderBy(ordering);
  return sql`(SELECT ${sql.raw(String(block))} AS block, row_number() OVER (ORDER BY ${order}) AS ord, ${PAGE_COLUMNS}
     FROM (${rowsOf}) i
    WHERE ${LIVE_CHILDREN}
    ORDER BY ${order}
   OFFSET ${offset} LIMIT ${limit})`;
}

/**
 * The statement of a page in one ordering:
 * - kind first (the default): the folders block then the documents block (or the reverse), each an
 *   index-ordered scan; the second block's OFFSET and LIMIT follow from the first block's count, which
 *   the statement counts first (the CTE `n`);
 * - otherwise: one UNION ALL of both tables, which PostgreSQL merges from the two indexes.
 */
function contentsPageSql(ordering: readonly OrderingKey[]): SQL {
  const [first, ...rest] = ordering;
  let page: SQL;
  if (first?.field !== 'kind') {
    page = pageBranch(sql`${FOLDER_ROWS} UNION ALL ${DOCUMENT_ROWS}`, ordering, 0, SKIP, LIMIT);
  } else {
    // Within a kind: the keys after it, or by name.
    const within = rest.length > 0 ? rest : [{ field: 'name' as const, descending: false }];
    const [before, after, beforeCount] = first.descending
      ? [DOCUMENT_ROWS, FOLDER_ROWS, sql`(SELECT documents FROM n)`]
      : [FOLDER_ROWS, DOCUMENT_ROWS, sql`(SELECT folders FROM n)`];
    page = sql`${pageBranch(before, within, 0, SKIP, LIMIT)}
      UNION ALL
      ${pageBranch(after, within, 1, sql`greatest(0, ${SKIP} - ${beforeCount})`, sql`greatest(0, ${LIMIT} - greatest(0, least(${LIMIT}, ${beforeCount} - ${SKIP})))`)}`;
  }
  return sql`WITH n AS (
          SELECT (SELECT count(*) FROM (${FOLDER_ROWS}) i WHERE ${LIVE_CHILDREN})::int AS folders,
                 (SELECT count(*) FROM (${DOCUMENT_ROWS}) i WHERE ${LIVE_CHILDREN})::int AS documents
        )
        SELECT n.folders, n.documents, p.block, p.kind, p.id, p.name, p.description, p.doctype, p.version, p.created_by, p.created_at,
               p.modified_by, p.modified_at, cu.username AS created_by_username, mu.username AS modified_by_username,
               s.id IS NOT NULL AS subscribed, s.validation_errors_only, s.email_notifications
          FROM n
          LEFT JOIN (${page}) p ON true
          LEFT JOIN users cu ON cu.id = p.created_by
          LEFT JOIN users mu ON mu.id = p.modified_by
          LEFT JOIN subscriptions s
            ON s.org_id = ${sql.placeholder('orgId')} AND s.user_id = ${sql.placeholder('userId')} AND coalesce(s.folder_id, s.document_id) = p.id
         ORDER BY p.block, p.ord`;
}

/**
 * A page's statement by its ordering, sent by name (statements.ts): parsed once per connection, and
 * planned once when PostgreSQL finds its generic plan as good as one made for the values. The default
 * ordering and the few a screen offers fill far fewer than the named ones; any further ordering is sent
 * unnamed.
 */
const contentsPageStatement = statementFamily('folder_contents', {
  keyOf: (ordering: readonly OrderingKey[]) => ordering.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(','),
  build: contentsPageSql,
  named: 16,
});

interface RawPageRow extends RawItemRow {
  folders: number;
  documents: number;
  block: number | null;
  created_by_username: string | null;
  modified_by_username: string | null;
  subscribed: boolean;
  validation_errors_only: boolean | null;
  email_notifications: boolean | null;
}

/**
 * One page of a folder's live contents, ordered and paged in the database, with the total count and the
 * usernames of who made and last changed each item — ONE statement, sent by name. Every ordering has a
 * partial index per table (schema/documentation.ts: *_live_by_*_idx), so a page is read from indexes,
 * never by sorting the whole folder.
 */
export async function contentsPage(db: Queryable, query: ContentsPageQuery): Promise<{ items: ItemRow[]; total: number }> {
  const found = await runStatement<RawPageRow>(db, contentsPageStatement(query.ordering), {
    parentId: query.parentId,
    hidden: `{${query.hidden.join(',')}}`,
    skip: query.skip,
    limit: query.limit,
    orgId: query.reader.orgId,
    userId: query.reader.userId,
  });
  const total = Number(found[0]?.folders ?? 0) + Number(found[0]?.documents ?? 0);
  const items = found
    .filter((r) => r.block !== null)
    .map((r) => ({
      ...itemRow(r),
      createdByUsername: r.created_by_username,
      modifiedByUsername: r.modified_by_username,
      subscription: r.subscribed ? { validationErrorsOnly: Boolean(r.validation_errors_only), emailNotifications: Boolean(r.email_notifications) } : null,
    }));
  return { items, total };
}

export interface TrashRow extends ItemRow {
  folderId: string | null;
  folderName: string | null;
  deletedAt: Date;
  deletedBy: string | null;
}

/**
 * A page of the organisation's trash, newest deletion first: every folder and document deleted on its
 * own (what was inside a deleted folder went with it and is not listed). `fromFolderId` narrows it to
 * the items deleted from one folder.
 */
export async function trashPage(
  db: Queryable,
  query: { orgId: string; fromFolderId: string | null; skip: number; limit: number },
): Promise<{ items: TrashRow[]; total: number }> {
  const fromFolder = (column: SQL) => (query.fromFolderId === null ? sql`` : sql`AND ${column} = ${query.fromFolderId}`);
  const items = sql`
    SELECT 'folder' AS kind, f.id, f.name, f.description, NULL::text AS doctype, f.version, f.created_by, f.created_at,
           f.modified_by, f.modified_at, f.parent_id AS folder_id, f.deleted_at, f.deleted_by
      FROM folders f
     WHERE f.org_id = ${query.orgId} AND f.deleted_at IS NOT NULL ${fromFolder(sql`f.parent_id`)}
    UNION ALL
    SELECT 'document', d.id, d.name, d.description, d.doctype, d.version, d.created_by, d.created_at,
           d.modified_by, d.modified_at, d.folder_id, d.deleted_at, d.deleted_by
      FROM documents d
     WHERE d.org_id = ${query.orgId} AND d.deleted_at IS NOT NULL ${fromFolder(sql`d.folder_id`)}`;
  const found = await rows<RawItemRow & { folder_id: string | null; folder_name: string | null; deleted_at: unknown; deleted_by: string | null; total: number }>(
    db,
    sql`SELECT i.*, p.name AS folder_name, (count(*) OVER ())::int AS total
          FROM (${items}) i LEFT JOIN folders p ON p.id = i.folder_id
         ORDER BY i.deleted_at DESC, i.id DESC
        OFFSET ${query.skip} LIMIT ${query.limit}`,
  );
  let total = found.length > 0 ? Number(found[0]!.total) : 0;
  if (found.length === 0 && query.skip > 0) {
    const [counted] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${items}) i`);
    total = Number(counted?.total ?? 0);
  }
  return {
    items: found.map((r) => ({
      ...itemRow(r),
      folderId: r.folder_id,
      folderName: r.folder_name,
      deletedAt: toDate(r.deleted_at),
      deletedBy: r.deleted_by,
    })),
    total,
  };
}
