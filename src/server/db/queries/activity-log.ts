/**
 * The activity log's reads (GET activity): a page of an organisation's events, how many there are (counted
 * up to a bound), and — for a whole page at once — what the events name as it is now: documents and
 * folders (live, in the trash, or gone), users (still a member or not) and roles. Four statements per
 * page, whatever its size; none per row.
 *
 * The lookups start from the page's ids (unnest) and reach each row by its primary key through a
 * LATERAL … LIMIT 1 (which the planner cannot flatten into a join), so their plans do not depend on
 * statistics (PGlite never analyses): as `id = ANY(…)` filters or plain joins, both PostgreSQL and an
 * unanalysed PGlite scanned all 10,000 users of the bench's organisation for 108 ids (13 ms on
 * PostgreSQL, 40+ ms on PGlite, instead of well under 1).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { arrayLiteral } from '../rows.ts';
import { namedStatement, runStatement } from '../statements.ts';
import { chainCte } from './folder-chain.ts';

export interface EventRow {
  id: string;
  type: string;
  actor_id: string | null;
  at: Date;
  folder_id: string | null;
  document_id: string | null;
  context: Record<string, unknown>;
}

/**
 * Newest first, ties by id: read backwards along activity_events_org_idx (org_id, at) with the ties on
 * `at` sorted among themselves (an incremental sort over a handful of rows), OFFSET skip.
 */
const EVENT_PAGE = namedStatement(
  'activity_event_page',
  sql`SELECT e.id, e.type, e.actor_id, e.at, e.folder_id, e.document_id, e.context
        FROM activity_events e
       WHERE e.org_id = ${sql.placeholder('orgId')}
       ORDER BY e.at DESC, e.id DESC
      OFFSET ${sql.placeholder('skip')} LIMIT ${sql.placeholder('limit')}`,
);

export async function eventPage(db: Queryable, query: { orgId: string; skip: number; limit: number }): Promise<EventRow[]> {
  const found = await runStatement<EventRow>(db, EVENT_PAGE, query);
  return found.map((r) => ({ ...r, at: r.at instanceof Date ? r.at : new Date(String(r.at)) }));
}

/**
 * count(*) of the organisation's events, reading no more than `upTo` index entries. Ordered by `at` so
 * that the plan is a scan along activity_events_org_idx that the LIMIT stops: unordered, an unanalysed
 * PGlite chose a bitmap scan, which reads every entry of the organisation before the LIMIT applies
 * (650 ms over 1,000,000 events).
 */
const EVENT_COUNT = namedStatement(
  'activity_event_count',
  sql`SELECT count(*)::int AS n
        FROM (SELECT 1 FROM activity_events e WHERE e.org_id = ${sql.placeholder('orgId')}
               ORDER BY e.at DESC LIMIT ${sql.placeholder('upTo')}) c`,
);

/** How many events the organisation has, or `upTo` when it has at least that many. */
export async function countEvents(db: Queryable, orgId: string, upTo: number): Promise<number> {
  const [row] = await runStatement<{ n: number }>(db, EVENT_COUNT, { orgId, upTo });
  return Number(row?.n ?? 0);
}

/** A document or folder of the organisation as it is now. */
export interface ItemNow {
  kind: 'document' | 'folder';
  id: string;
  name: string;
  doctype: string | null;
  /** The folder it sits in (a folder's parent; null for the root). */
  parent_id: string | null;
  /** It, or a folder above it, is in the trash. */
  trashed: boolean;
  /**
   * When trashed: the folder whose trash lists what holds it — the folder the topmost trashed level
   * (the item itself or a folder above it) was deleted from.
   */
  trashed_from: string | null;
}

/**
 * The documents and folders of `documentIds` and `folderIds` that still exist in the organisation, each
 * with whether it or a folder above it is in the trash: one recursive statement walks every item's chain
 * of folders up to the root (THE chain CTE, ./folder-chain.ts, carrying each item along).
 */
const ITEMS_NOW = namedStatement(
  'activity_items_now',
  sql`WITH RECURSIVE items AS (
          SELECT 'document'::text AS kind, d.id, d.name, d.doctype::text AS doctype, d.folder_id AS parent_id, d.deleted_at IS NOT NULL AS deleted
            FROM unnest(${sql.placeholder('documentIds')}::uuid[]) AS x(id)
            CROSS JOIN LATERAL (SELECT d.* FROM documents d WHERE d.id = x.id AND d.org_id = ${sql.placeholder('orgId')} LIMIT 1) d
          UNION ALL
          SELECT 'folder', f.id, f.name, NULL, f.parent_id, f.deleted_at IS NOT NULL
            FROM unnest(${sql.placeholder('folderIds')}::uuid[]) AS x(id)
            CROSS JOIN LATERAL (SELECT f.* FROM folders f WHERE f.id = x.id AND f.org_id = ${sql.placeholder('orgId')} LIMIT 1) f
        ),
        ${chainCte('up', sql`true`, {
          from: sql`items i JOIN folders f ON f.id = i.parent_id`,
          carry: { kind: sql`i.kind`, item_id: sql`i.id` },
          columns: ['deleted_at'],
        })},
        -- Per item, the topmost level in the trash (the item itself below its folders) and the folder it was trashed from.
        topmost AS (
          SELECT DISTINCT ON (t.kind, t.item_id) t.kind, t.item_id, t.level_parent
            FROM (SELECT i.kind, i.id AS item_id, i.parent_id AS level_parent, -1 AS depth FROM items i WHERE i.deleted
                  UNION ALL
                  SELECT u.kind, u.item_id, u.parent_id, u.depth FROM up u WHERE u.deleted_at IS NOT NULL) t
           ORDER BY t.kind, t.item_id, t.depth DESC
        )
      SELECT i.kind, i.id, i.name, i.doctype, i.parent_id,
             t.item_id IS NOT NULL AS trashed, t.level_parent AS trashed_from
        FROM items i LEFT JOIN topmost t ON t.kind = i.kind AND t.item_id = i.id`,
);

export async function itemsNow(db: Queryable, orgId: string, documentIds: readonly string[], folderIds: readonly string[]): Promise<ItemNow[]> {
  if (documentIds.length === 0 && folderIds.length === 0) return [];
  return runStatement<ItemNow>(db, ITEMS_NOW, { orgId, documentIds: arrayLiteral(documentIds), folderIds: arrayLiteral(folderIds) });
}

/** A user or role as it is now: users with whether they are still members of the organisation. */
export interface PartyNow {
  kind: 'user' | 'role';
  id: string;
  name: string;
  /** Users: still a member of the organisation; roles: always (a role row exists only while it lives). */
  live: boolean;
}

/**
 * The users of `userIds` that still have an account and the organisation's roles of `roleIds`, in one
 * statement. Membership is a scalar subquery (one primary-key probe per user): as EXISTS, both PostgreSQL
 * and PGlite hashed it instead — every membership of the organisation read for a page's hundred users.
 */
const PARTIES_NOW = namedStatement(
  'activity_parties_now',
  sql`SELECT 'user'::text AS kind, u.id, u.username AS name,
             (SELECT true FROM memberships m WHERE m.org_id = ${sql.placeholder('orgId')} AND m.user_id = u.id LIMIT 1) IS NOT NULL AS live
        FROM unnest(${sql.placeholder('userIds')}::uuid[]) AS x(id)
        CROSS JOIN LATERAL (SELECT u.id, u.username FROM users u WHERE u.id = x.id LIMIT 1) u
      UNION ALL
      SELECT 'role', r.id, r.name, true
        FROM unnest(${sql.placeholder('roleIds')}::uuid[]) AS x(id)
        CROSS JOIN LATERAL (SELECT r.id, r.name FROM roles r WHERE r.id = x.id AND r.org_id = ${sql.placeholder('orgId')} LIMIT 1) r`,
);

export async function partiesNow(db: Queryable, orgId: string, userIds: readonly string[], roleIds: readonly string[]): Promise<PartyNow[]> {
  if (userIds.length === 0 && roleIds.length === 0) return [];
  return runStatement<PartyNow>(db, PARTIES_NOW, { orgId, userIds: arrayLiteral(userIds), roleIds: arrayLiteral(roleIds) });
}
