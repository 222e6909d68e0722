/**
 * The documentation tree's shape in SQL the query builder cannot say: a folder's chain of ancestors (one
 * recursive CTE, also with every level's ACL entries), a document with its folder's chain, whether a
 * document is live (nothing above it in the trash), a folder's subtree, and the lock on the tree's shape. What a folder holds (contents and trash pages, the entries
 * naming a caller on its children) is in ./folder-contents.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype } from '../../shared/api/documentation.ts';
import type { Queryable } from './connection.ts';
import { childEntriesNamingSql, childEntry, namingParams, type ChildEntry, type Naming, type RawChildEntry } from './folder-contents.ts';
import { fromJson, rows, stampsWithTrash } from './rows.ts';
import { namedStatement, runStatement } from './statements.ts';
import { chainCte as folderChainCte, MAX_TREE_DEPTH } from './queries/folder-chain.ts';


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
  ...stampsWithTrash(r),
});


/**
 * A folder of the organisation and every folder above it: the folder first, the root last. Empty when
 * the organisation has no such folder. `root` starts at the organisation's root.
 */
export async function folderChain(db: Queryable, orgId: string, start: { id: string } | 'root'): Promise<ChainFolder[]> {
  const base =
    start === 'root'
      ? sql`f.org_id = ${orgId} AND f.parent_id IS NULL`
      : sql`f.id = ${start.id} AND f.org_id = ${orgId}`;
  const found = await rows<ChainRow>(db, sql`WITH RECURSIVE ${chainCte(base)} SELECT * FROM chain ORDER BY depth`);
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
/** The chain as the tree's statements read it: the CTE `chain` with every column a ChainFolder has. */
const chainCte = (start: SQL) =>
  folderChainCte('chain', start, {
    columns: ['name', 'description', 'version', 'created_by', 'created_at', 'modified_by', 'modified_at', 'deleted_at', 'deleted_by'],
  });

/** Each chain folder's ACL entries (in id order) and who made and last changed it, as columns of `c`. */
const CHAIN_EXTRAS = sql`COALESCE((SELECT json_agg(a ORDER BY a.id) FROM acl_entries a WHERE a.folder_id = c.id), '[]'::json) AS entries,
               (SELECT u.username FROM users u WHERE u.id = c.created_by) AS created_by_username,
               (SELECT u.username FROM users u WHERE u.id = c.modified_by) AS modified_by_username`;

const ORG_ID = sql.placeholder('orgId');

/**
 * The chain statements of a folder (by id, or the organisation's root), each chain folder with `columns`:
 * `folder_<name>` and `root_<name>`, sent by name (statements.ts).
 */
const chainStatements = (name: string, columns: SQL) => ({
  byId: namedStatement(
    `folder_${name}`,
    sql`WITH RECURSIVE ${chainCte(sql`f.id = ${sql.placeholder('id')} AND f.org_id = ${ORG_ID}`)}
        SELECT c.*, ${columns} FROM chain c ORDER BY c.depth`,
  ),
  root: namedStatement(
    `root_${name}`,
    sql`WITH RECURSIVE ${chainCte(sql`f.org_id = ${ORG_ID} AND f.parent_id IS NULL`)}
        SELECT c.*, ${columns} FROM chain c ORDER BY c.depth`,
  ),
});

/** Runs the chain statement of `start` (a folder id, or the root) with `params` (orgId and what the columns name). */
const runChain = <T,>(
  db: Queryable,
  statements: ReturnType<typeof chainStatements>,
  start: { id: string } | 'root',
  params: Record<string, unknown>,
) => (start === 'root' ? runStatement<T>(db, statements.root, params) : runStatement<T>(db, statements.byId, { ...params, id: start.id }));

const FOLDER_CHAIN = chainStatements('chain_with_entries', CHAIN_EXTRAS);

type ChainRowWithExtras = ChainRow & { entries: RawEntry[] | string; created_by_username: string | null; modified_by_username: string | null };

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
    levels: found.map((r) => fromJson(r.entries).map(chainEntry)),
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
  return chainWithEntries(await runChain<ChainRowWithExtras>(db, FOLDER_CHAIN, start, { orgId }));
}

/** The entries naming the caller on the children of the chain's first folder (depth 0), as its column `child_entries`. */
const CHILD_ENTRIES_OF_FOLDER = sql`CASE WHEN c.depth = 0 THEN COALESCE((SELECT json_agg(e) FROM (${childEntriesNamingSql(sql`c.id`)}) e), '[]'::json) END AS child_entries`;

const FOLDER_CHAIN_AND_CHILD_ENTRIES = chainStatements('chain_and_child_entries', sql`${CHAIN_EXTRAS}, ${CHILD_ENTRIES_OF_FOLDER}`);

/**
 * folderChainWithEntries and, in the SAME statement, the ACL entries naming the caller on the folder's live
 * children (folder-contents.ts `childEntriesNamingSql`): what a member's contents page needs before its page.
 */
export async function folderChainAndChildEntries(
  db: Queryable,
  naming: Naming,
  start: { id: string } | 'root',
): Promise<{ chain: ChainFolder[]; levels: ChainEntry[][]; childEntries: ChildEntry[] }> {
  type Row = ChainRowWithExtras & { child_entries: RawChildEntry[] | string | null };
  const found = await runChain<Row>(db, FOLDER_CHAIN_AND_CHILD_ENTRIES, start, namingParams(naming));
  const first = found[0]?.child_entries;
  return { ...chainWithEntries(found), childEntries: first ? fromJson(first).map(childEntry) : [] };
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

export interface RawDocument {
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

/**
 * The document `id` of the organisation `orgId` — each a placeholder, or a column of a statement this is
 * a subquery of (the sign-in's, db/queries/callers.ts) — with its own entries and its folder's chain.
 */
export const documentWithChainSql = (orgId: SQL, id: SQL) =>
  sql`SELECT d.id, d.org_id, d.folder_id, d.name, d.description, d.doctype, d.version, d.contents, d.draft_contents, d.draft_user_id,
             d.created_by, d.created_at, d.modified_by, d.modified_at, d.deleted_at, d.deleted_by,
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
       WHERE d.id = ${id} AND d.org_id = ${orgId}`;

const DOCUMENT_WITH_CHAIN = namedStatement('document_with_chain', documentWithChainSql(sql`${ORG_ID}`, sql`${sql.placeholder('id')}`));

export type DocumentWithChain = { document: ChainDocument; own: ChainEntry[]; chain: ChainFolder[]; levels: ChainEntry[][] };

/**
 * A document of the organisation with its own ACL entries, its folder's chain (the folder first, the
 * root last) and each chain folder's entries — ONE named statement; undefined when there is no such document.
 */
export async function documentWithChain(db: Queryable, orgId: string, id: string): Promise<DocumentWithChain | undefined> {
  const [r] = await runStatement<RawDocument>(db, DOCUMENT_WITH_CHAIN, { orgId, id });
  return r ? documentWithChainOf(r) : undefined;
}

/** A row of documentWithChainSql (as the driver gives it, or as its json: dates as text) read. */
export function documentWithChainOf(r: RawDocument): DocumentWithChain {
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
    ...stampsWithTrash(r),
  };
  return { document, own: fromJson(r.own).map(chainEntry), ...chainWithEntries(fromJson(r.chain) ?? []) };
}

const DOCUMENT_IS_LIVE = namedStatement(
  'document_is_live',
  sql`SELECT d.id FROM documents d
       WHERE d.id = ${sql.placeholder('id')} AND d.deleted_at IS NULL
         AND NOT EXISTS (WITH RECURSIVE ${chainCte(sql`f.id = d.folder_id AND f.org_id = d.org_id`)}
                         SELECT 1 FROM chain c WHERE c.deleted_at IS NOT NULL)`,
);

/** Whether a document is live: it exists, is not in the trash, and no folder above it is in the trash. */
export async function documentIsLive(db: Queryable, id: string): Promise<boolean> {
  return (await runStatement<{ id: string }>(db, DOCUMENT_IS_LIVE, { id })).length > 0;
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
           WHERE f.deleted_at IS NULL AND t.depth < ${MAX_TREE_DEPTH}
        )
        SELECT * FROM tree ORDER BY depth`,
  );
  return found.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name, description: r.description, depth: Number(r.depth) }));
}

/**
 * Serialises changes to the shape of one organisation's tree (moves) until the transaction ends, so
 * that two concurrent moves cannot together make a cycle that neither makes alone.
 */
export async function lockTreeShape(db: Queryable, orgId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(7262002, hashtext(${orgId}::text))`);
}
