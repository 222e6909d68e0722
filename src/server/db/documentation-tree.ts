/**
 * The documentation tree's SQL that the query builder cannot say: a folder's chain of ancestors (one
 * recursive CTE), a page of a folder's contents (folders and documents as one UNION, ordered and paged
 * in the database), the ACL entries naming a caller on a folder's children, and a folder's subtree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype, OrderingKey } from '../../shared/api/documentation.ts';
import type { Queryable } from './connection.ts';
import { namedStatement, runStatement } from './statements.ts';

async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));

/** A PostgreSQL array literal of ids (already checked to be UUIDs), sent as one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export interface ChainFolder {
  id: string;
  parentId: string | null;
  name: string;
  description: string;
  version: number;
  createdBy: string | null;
  createdAt: Date;
  modifiedBy: string | null;
  modifiedAt: Date;
  deletedAt: Date | null;
  deletedBy: string | null;
  /** Usernames of who made and last changed it, when the statement that read it joined them. */
  createdByUsername?: string | null;
  modifiedByUsername?: string | null;
}

interface ChainRow {
  id: string;
  parent_id: string | null;
  name: string;
  description: string;
  version: number;
  created_by: string | null;
  created_at: unknown;
  modified_by: string | null;
  modified_at: unknown;
  deleted_at: unknown;
  deleted_by: string | null;
}

const chainFolder = (r: ChainRow): ChainFolder => ({
  id: r.id,
  parentId: r.parent_id,
  name: r.name,
  description: r.description,
  version: Number(r.version),
  createdBy: r.created_by,
  createdAt: toDate(r.created_at),
  modifiedBy: r.modified_by,
  modifiedAt: toDate(r.modified_at),
  deletedAt: toDateOrNull(r.deleted_at),
  deletedBy: r.deleted_by,
});

/** Guards the walk against a cycle that should never exist. */
const MAX_DEPTH = 1000;

/**
 * A folder of the organisation and every folder above it: the folder first, the root last. Empty when
 * the organisation has no such folder. `root` starts at the organisation's root.
 */
export async function folderChain(db: Queryable, orgId: string, start: { id: string } | 'root'): Promise<ChainFolder[]> {
  const base =
    start === 'root'
      ? sql`f.org_id = ${orgId} AND f.parent_id IS NULL`
      : sql`f.id = ${start.id} AND f.org_id = ${orgId}`;
  const found = await rows<ChainRow>(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT f.id, f.parent_id, f.name, f.description, f.version, f.created_by, f.created_at,
                 f.modified_by, f.modified_at, f.deleted_at, f.deleted_by, 0 AS depth
            FROM folders f WHERE ${base}
          UNION ALL
          SELECT f.id, f.parent_id, f.name, f.description, f.version, f.created_by, f.created_at,
                 f.modified_by, f.modified_at, f.deleted_at, f.deleted_by, c.depth + 1
            FROM folders f JOIN chain c ON f.id = c.parent_id
           WHERE c.depth < ${MAX_DEPTH}
        )
        SELECT * FROM chain ORDER BY depth`,
  );
  return found.map(chainFolder);
}

/** An ACL entry as the chain query reads it (the acl_entries row). */
export interface ChainEntry {
  id: string;
  orgId: string;
  folderId: string | null;
  documentId: string | null;
  subjectType: 'org' | 'role' | 'user';
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

interface RawEntry {
  id: string;
  org_id: string;
  folder_id: string | null;
  document_id: string | null;
  subject_type: ChainEntry['subjectType'];
  subject_id: string;
  is_grant: boolean;
  permissions: number;
}

/** The recursive CTE `chain`: the folder `base` picks (alias f) and every folder above it, with its depth (0 first). */
const chainCte = (base: SQL) => sql`chain AS (
          SELECT f.id, f.parent_id, f.name, f.description, f.version, f.created_by, f.created_at,
                 f.modified_by, f.modified_at, f.deleted_at, f.deleted_by, 0 AS depth
            FROM folders f WHERE ${base}
          UNION ALL
          SELECT f.id, f.parent_id, f.name, f.description, f.version, f.created_by, f.created_at,
                 f.modified_by, f.modified_at, f.deleted_at, f.deleted_by, c.depth + 1
            FROM folders f JOIN chain c ON f.id = c.parent_id
           WHERE c.depth < ${sql.raw(String(MAX_DEPTH))}
        )`;

/** Each chain folder's ACL entries (in id order) and who made and last changed it, as columns of `c`. */
const CHAIN_EXTRAS = sql`COALESCE((SELECT json_agg(a ORDER BY a.id) FROM acl_entries a WHERE a.folder_id = c.id), '[]'::json) AS entries,
               (SELECT u.username FROM users u WHERE u.id = c.created_by) AS created_by_username,
               (SELECT u.username FROM users u WHERE u.id = c.modified_by) AS modified_by_username`;

const ORG_ID = sql.placeholder('orgId');
const FOLDER_CHAIN = {
  byId: namedStatement(
    'folder_chain_with_entries',
    sql`WITH RECURSIVE ${chainCte(sql`f.id = ${sql.placeholder('id')} AND f.org_id = ${ORG_ID}`)}
        SELECT c.*, ${CHAIN_EXTRAS} FROM chain c ORDER BY c.depth`,
  ),
  root: namedStatement(
    'root_chain_with_entries',
    sql`WITH RECURSIVE ${chainCte(sql`f.org_id = ${ORG_ID} AND f.parent_id IS NULL`)}
        SELECT c.*, ${CHAIN_EXTRAS} FROM chain c ORDER BY c.depth`,
  ),
};

type ChainRowWithExtras = ChainRow & { entries: RawEntry[] | string; created_by_username: string | null; modified_by_username: string | null };

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const chainEntry = (e: RawEntry): ChainEntry => ({
  id: e.id,
  orgId: e.org_id,
  folderId: e.folder_id,
  documentId: e.document_id,
  subjectType: e.subject_type,
  subjectId: e.subject_id,
  isGrant: e.is_grant,
  permissions: Number(e.permissions),
});

function chainWithEntries(found: readonly ChainRowWithExtras[]): { chain: ChainFolder[]; levels: ChainEntry[][] } {
  return {
    chain: found.map((r) => ({ ...chainFolder(r), createdByUsername: r.created_by_username, modifiedByUsername: r.modified_by_username })),
    levels: found.map((r) => parsed(r.entries).map(chainEntry)),
  };
}

/**
 * folderChain with each folder's ACL entries (in id order) and the usernames of who made and last
 * changed each folder, in ONE named statement: `levels[i]` are the entries of `chain[i]`. The folder
 * first, the root last; empty when the organisation has no such folder.
 */
export async function folderChainWithEntries(
  db: Queryable,
  orgId: string,
  start: { id: string } | 'root',
): Promise<{ chain: ChainFolder[]; levels: ChainEntry[][] }> {
  const found =
    start === 'root'
      ? await runStatement<ChainRowWithExtras>(db, FOLDER_CHAIN.root, { orgId })
      : await runStatement<ChainRowWithExtras>(db, FOLDER_CHAIN.byId, { orgId, id: start.id });
  return chainWithEntries(found);
}

/** A document row as the document statement reads it (the documents row). */
export interface ChainDocument {
  id: string;
  orgId: string;
  folderId: string;
  name: string;
  description: string;
  doctype: Doctype;
  version: number;
  contents: unknown;
  draftContents: unknown;
  draftUserId: string | null;
  createdBy: string | null;
  createdAt: Date;
  modifiedBy: string | null;
  modifiedAt: Date;
  deletedAt: Date | null;
  deletedBy: string | null;
}

interface RawDocument {
  id: string;
  org_id: string;
  folder_id: string;
  name: string;
  description: string;
  doctype: Doctype;
  version: number;
  contents: unknown;
  draft_contents: unknown;
  draft_user_id: string | null;
  created_by: string | null;
  created_at: unknown;
  modified_by: string | null;
  modified_at: unknown;
  deleted_at: unknown;
  deleted_by: string | null;
  own: RawEntry[] | string;
  chain: ChainRowWithExtras[] | string | null;
}

const DOCUMENT_WITH_CHAIN = namedStatement(
  'document_with_chain',
  sql`SELECT d.*,
             COALESCE((SELECT json_agg(a ORDER BY a.id) FROM acl_entries a WHERE a.document_id = d.id), '[]'::json) AS own,
             (WITH RECURSIVE ${chainCte(sql`f.id = d.folder_id AND f.org_id = d.org_id`)}
              SELECT json_agg(json_build_object(
                       'id', c.id, 'parent_id', c.parent_id, 'name', c.name, 'description', c.description, 'version', c.version,
                       'created_by', c.created_by, 'created_at', c.created_at, 'modified_by', c.modified_by, 'modified_at', c.modified_at,
                       'deleted_at', c.deleted_at, 'deleted_by', c.deleted_by, 'entries', x.entries,
                       'created_by_username', x.created_by_username, 'modified_by_username', x.modified_by_username
                     ) ORDER BY c.depth)
                FROM chain c CROSS JOIN LATERAL (SELECT ${CHAIN_EXTRAS}) x) AS chain
        FROM documents d
       WHERE d.id = ${sql.placeholder('id')} AND d.org_id = ${ORG_ID}`,
);

/**
 * A document of the organisation with its own ACL entries, its folder's chain (the folder first, the
 * root last) and each chain folder's entries — ONE named statement; undefined when there is no such document.
 */
export async function documentWithChain(
  db: Queryable,
  orgId: string,
  id: string,
): Promise<{ document: ChainDocument; own: ChainEntry[]; chain: ChainFolder[]; levels: ChainEntry[][] } | undefined> {
  const [r] = await runStatement<RawDocument>(db, DOCUMENT_WITH_CHAIN, { orgId, id });
  if (!r) return undefined;
  const document: ChainDocument = {
    id: r.id,
    orgId: r.org_id,
    folderId: r.folder_id,
    name: r.name,
    description: r.description,
    doctype: r.doctype,
    version: Number(r.version),
    contents: r.contents,
    draftContents: r.draft_contents,
    draftUserId: r.draft_user_id,
    createdBy: r.created_by,
    createdAt: toDate(r.created_at),
    modifiedBy: r.modified_by,
    modifiedAt: toDate(r.modified_at),
    deletedAt: toDateOrNull(r.deleted_at),
    deletedBy: r.deleted_by,
  };
  return { document, own: parsed(r.own).map(chainEntry), ...chainWithEntries(parsed(r.chain) ?? []) };
}

export interface SubtreeFolder {
  id: string;
  parentId: string | null;
  name: string;
  description: string;
  depth: number;
}

/** A folder and every live (not trashed) folder below it, parents before children. */
export async function liveSubtree(db: Queryable, folderId: string): Promise<SubtreeFolder[]> {
  const found = await rows<{ id: string; parent_id: string | null; name: string; description: string; depth: number }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT f.id, f.parent_id, f.name, f.description, 0 AS depth FROM folders f WHERE f.id = ${folderId}
          UNION ALL
          SELECT f.id, f.parent_id, f.name, f.description, t.depth + 1
            FROM folders f JOIN tree t ON f.parent_id = t.id
           WHERE f.deleted_at IS NULL AND t.depth < ${MAX_DEPTH}
        )
        SELECT * FROM tree ORDER BY depth`,
  );
  return found.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name, description: r.description, depth: Number(r.depth) }));
}

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

/*
 * Driven from the entries naming the caller, each checked against its item by primary key (a scalar
 * subquery, which the planner cannot turn into a join), so the plan never depends on statistics. As a
 * join of the folder's children with acl_entries, a never-analysed PGlite guessed one child and scanned
 * acl_entries once per child: 10,000 children × 120 entries, 280–460 ms (5 ms once analysed).
 */
const CHILD_ENTRIES_NAMING = namedStatement(
  'child_entries_naming',
  sql`SELECT a.folder_id AS item_id, a.subject_type, a.subject_id, a.is_grant, a.permissions
        FROM acl_entries a
       WHERE a.folder_id IS NOT NULL AND ${NAMES_CALLER}
         AND (SELECT f.parent_id FROM folders f WHERE f.id = a.folder_id AND f.deleted_at IS NULL) = ${sql.placeholder('parentId')}
      UNION ALL
      SELECT a.document_id, a.subject_type, a.subject_id, a.is_grant, a.permissions
        FROM acl_entries a
       WHERE a.document_id IS NOT NULL AND ${NAMES_CALLER}
         AND (SELECT d.folder_id FROM documents d WHERE d.id = a.document_id AND d.deleted_at IS NULL) = ${sql.placeholder('parentId')}`,
);

/** The ACL entries naming the caller on the live children (folders and documents) of a folder: ONE named statement. */
export async function childEntriesNaming(db: Queryable, parentId: string, naming: Naming): Promise<ChildEntry[]> {
  const found = await runStatement<{ item_id: string; subject_type: ChildEntry['subjectType']; subject_id: string; is_grant: boolean; permissions: number }>(
    db,
    CHILD_ENTRIES_NAMING,
    { parentId, userId: naming.userId, orgId: naming.orgId, roleIds: `{${naming.roleIds.join(',')}}` },
  );
  return found.map((r) => ({
    itemId: r.item_id,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    isGrant: r.is_grant,
    permissions: Number(r.permissions),
  }));
}

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
  createdBy: r.created_by,
  createdAt: toDate(r.created_at),
  modifiedBy: r.modified_by,
  modifiedAt: toDate(r.modified_at),
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

function liveChildren(query: ContentsPageQuery): SQL {
  const hidden = query.hidden.length > 0 ? sql` AND i.id <> ALL(${uuidArray(query.hidden)})` : sql``;
  return sql`i.parent_id = ${query.parentId} AND i.deleted_at IS NULL${hidden}`;
}

const PAGE_COLUMNS = sql`i.kind, i.id, i.name, i.description, i.doctype, i.version, i.created_by, i.created_at, i.modified_by, i.modified_at`;

/** One block of a page, numbered in order (`ord`) so the outer query can keep the order the index gave. */
function pageBranch(rowsOf: SQL, query: ContentsPageQuery, ordering: readonly OrderingKey[], block: number, offset: SQL, limit: SQL): SQL {
  const order = orderBy(ordering);
  return sql`(SELECT ${sql.raw(String(block))} AS block, row_number() OVER (ORDER BY ${order}) AS ord, ${PAGE_COLUMNS}
     FROM (${rowsOf}) i
    WHERE ${liveChildren(query)}
    ORDER BY ${order}
   OFFSET ${offset} LIMIT ${limit})`;
}

/**
 * One page of a folder's live contents, ordered and paged in the database, with the total count and the
 * usernames of who made and last changed each item — ONE statement. Every ordering has a partial index
 * per table (schema.ts: *_live_by_*_idx), so a page is read from indexes, never by sorting the whole folder:
 * - kind first (the default): the folders block then the documents block (or the reverse), each an
 *   index-ordered scan; the second block's OFFSET and LIMIT follow from the first block's count, which
 *   the statement counts first (the CTE `n`);
 * - otherwise: one UNION ALL of both tables, which PostgreSQL merges from the two indexes.
 */
export async function contentsPage(db: Queryable, query: ContentsPageQuery): Promise<{ items: ItemRow[]; total: number }> {
  const [first, ...rest] = query.ordering;
  let page: SQL;
  if (first?.field !== 'kind') {
    page = pageBranch(sql`${FOLDER_ROWS} UNION ALL ${DOCUMENT_ROWS}`, query, query.ordering, 0, sql`${query.skip}`, sql`${query.limit}`);
  } else {
    // Within a kind: the keys after it, or by name.
    const within = rest.length > 0 ? rest : [{ field: 'name' as const, descending: false }];
    const [before, after, beforeCount] = first.descending
      ? [DOCUMENT_ROWS, FOLDER_ROWS, sql`(SELECT documents FROM n)`]
      : [FOLDER_ROWS, DOCUMENT_ROWS, sql`(SELECT folders FROM n)`];
    const skip = sql`${query.skip}::int`;
    const limit = sql`${query.limit}::int`;
    page = sql`${pageBranch(before, query, within, 0, skip, limit)}
      UNION ALL
      ${pageBranch(after, query, within, 1, sql`greatest(0, ${skip} - ${beforeCount})`, sql`greatest(0, ${limit} - greatest(0, least(${limit}, ${beforeCount} - ${skip})))`)}`;
  }
  const found = await rows<RawItemRow & { folders: number; documents: number; block: number | null; created_by_username: string | null; modified_by_username: string | null }>(
    db,
    sql`WITH n AS (
          SELECT (SELECT count(*) FROM (${FOLDER_ROWS}) i WHERE ${liveChildren(query)})::int AS folders,
                 (SELECT count(*) FROM (${DOCUMENT_ROWS}) i WHERE ${liveChildren(query)})::int AS documents
        )
        SELECT n.folders, n.documents, p.block, p.kind, p.id, p.name, p.description, p.doctype, p.version, p.created_by, p.created_at,
               p.modified_by, p.modified_at, cu.username AS created_by_username, mu.username AS modified_by_username
          FROM n
          LEFT JOIN (${page}) p ON true
          LEFT JOIN users cu ON cu.id = p.created_by
          LEFT JOIN users mu ON mu.id = p.modified_by
         ORDER BY p.block, p.ord`,
  );
  const total = Number(found[0]?.folders ?? 0) + Number(found[0]?.documents ?? 0);
  const items = found
    .filter((r) => r.block !== null)
    .map((r) => ({ ...itemRow(r), createdByUsername: r.created_by_username, modifiedByUsername: r.modified_by_username }));
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

/**
 * Serialises changes to the shape of one organisation's tree (moves) until the transaction ends, so
 * that two concurrent moves cannot together make a cycle that neither makes alone.
 */
export async function lockTreeShape(db: Queryable, orgId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(7262002, hashtext(${orgId}::text))`);
}
