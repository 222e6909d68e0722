/**
 * Items with the ACL levels above them (issue #12): folders and documents by id, each with its own
 * entries and each folder's up to the root, and whether it lies in the trash — ONE statement at any
 * depth, for a page of favourites, subscriptions or notifications. The pieces every walk of a chain's
 * entries shares (the entry's json, the chain, the levels) are here too; the fan-out's audience uses them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype, ItemKind } from '../../../../shared/api/documentation.ts';
import type { Queryable } from '../../connection.ts';
import { arrayLiteral, fromJson } from '../../rows.ts';
import { namedStatement, runStatement } from '../../statements.ts';
import { chainCte } from '../folder-chain.ts';

const v = (name: string) => sql.placeholder(name);

/** An ACL entry as the permission rule reads it. */
export interface LevelEntry {
  subjectType: 'org' | 'role' | 'user';
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

/** An acl_entries row `a` as the json of a LevelEntry. */
export const ENTRY_JSON = sql`json_build_object('subjectType', a.subject_type, 'subjectId', a.subject_id, 'isGrant', a.is_grant, 'permissions', a.permissions)`;

/** A folder `start` (an id) of the organisation and the folders above it as the CTE `name` (id, parent_id, deleted_at, depth from 0). */
export const chainOf = (name: string, start: SQL) => chainCte(name, sql`f.id = ${start} AND f.org_id = ${v('orgId')}::uuid`, { columns: ['deleted_at'] });

export interface ItemWithLevels {
  kind: ItemKind;
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  /** The item or a folder above it is in the trash. */
  trashed: boolean;
  /** The item's own entries first (a folder's are its chain's first level), then each folder above. */
  levels: LevelEntry[][];
}

/** The ACL entries of each folder of the chain `c`, nearest first, as one json array (a level without entries: []). */
export const LEVELS_OF_CHAIN = sql`json_agg(COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.folder_id = c.id), '[]'::json) ORDER BY c.depth)`;

// ─── The levels of the item an event or an assignment is about ──────────────────────────────────

/*
 * Who may read the item (a document, by the placeholder `documentId`, or a folder, by `folderId`) is THE
 * rule over its levels: a statement walks the item's chain with ITEM_CHAIN (the CTE `chain`: the
 * document's folder, or the folder itself, up to the root), selects ITEM_LEVELS beside what else it reads,
 * and itemLevels puts the two columns together. The notifications' audiences (fan-out.ts, assignees.ts)
 * read them so, each in its ONE statement.
 */

/** The CTE `chain`: the item's folder (a document's) or the folder itself, and the folders above it. */
export const ITEM_CHAIN = chainOf('chain', sql`COALESCE((SELECT d.folder_id FROM documents d WHERE d.id = ${v('documentId')}::uuid), ${v('folderId')}::uuid)`);

/** The columns `own` (a document's own entries) and `levels` (each folder's of `chain`, nearest first). */
export const ITEM_LEVELS = sql`(SELECT COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.document_id = ${v('documentId')}::uuid), '[]'::json)) AS own,
             (SELECT ${LEVELS_OF_CHAIN} FROM chain c) AS levels`;

/** The ITEM_LEVELS columns as a row gives them (json, or its text). */
export interface ItemLevelsColumns {
  own: LevelEntry[] | string | null;
  levels: LevelEntry[][] | string | null;
}

/** The item's ACL levels from the ITEM_LEVELS columns: a document's own entries first (none for a folder), then each chain folder's. */
export function itemLevels(row: ItemLevelsColumns | undefined, documentId: string | null): LevelEntry[][] {
  const chain = fromJson(row?.levels ?? null) ?? [];
  const own = fromJson(row?.own ?? null) ?? [];
  return documentId === null ? chain : [own, ...chain];
}

/*
 * Each item by primary key, with its chain walked in a scalar subquery (as document_with_chain does), so
 * the plan never rests on row estimates.
 */
const ITEMS_WITH_LEVELS = namedStatement(
  'items_with_levels',
  sql`SELECT 'folder' AS kind, fo.id, fo.name, fo.description, NULL::text AS doctype,
             (WITH RECURSIVE ${chainOf('c0', sql`fo.id`)}
              SELECT json_build_object('trashed', bool_or(c.deleted_at IS NOT NULL), 'levels', ${LEVELS_OF_CHAIN}) FROM c0 c) AS x
        FROM folders fo
       WHERE fo.id = ANY(${v('folderIds')}::uuid[]) AND fo.org_id = ${v('orgId')}::uuid
      UNION ALL
      SELECT 'document', d.id, d.name, d.description, d.doctype,
             (WITH RECURSIVE ${chainOf('c1', sql`d.folder_id`)}
              SELECT json_build_object('trashed', d.deleted_at IS NOT NULL OR bool_or(c.deleted_at IS NOT NULL),
                       'levels', json_build_array(COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.document_id = d.id), '[]'::json))::jsonb
                                 || COALESCE(${LEVELS_OF_CHAIN}::jsonb, '[]'::jsonb)) FROM c1 c)
        FROM documents d
       WHERE d.id = ANY(${v('documentIds')}::uuid[]) AND d.org_id = ${v('orgId')}::uuid`,
);

/** Folders and documents of the organisation by id, each with its ACL levels and whether it is in the trash: ONE statement. */
export async function itemsWithLevels(
  db: Queryable,
  orgId: string,
  wanted: { folderIds: readonly string[]; documentIds: readonly string[] },
): Promise<Map<string, ItemWithLevels>> {
  const found = new Map<string, ItemWithLevels>();
  if (wanted.folderIds.length === 0 && wanted.documentIds.length === 0) return found;
  const raw = await runStatement<{
    kind: ItemKind;
    id: string;
    name: string;
    description: string;
    doctype: Doctype | null;
    x: { trashed: boolean | null; levels: LevelEntry[][] | null } | string | null;
  }>(db, ITEMS_WITH_LEVELS, { orgId, folderIds: arrayLiteral(wanted.folderIds), documentIds: arrayLiteral(wanted.documentIds) });
  for (const r of raw) {
    const x = fromJson(r.x);
    found.set(r.id, {
      kind: r.kind,
      id: r.id,
      name: r.name,
      description: r.description,
      doctype: r.doctype,
      trashed: Boolean(x?.trashed),
      levels: x?.levels ?? [],
    });
  }
  return found;
}
