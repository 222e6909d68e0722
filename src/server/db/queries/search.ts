/**
 * Search (documentation §2 Search, §7 GET documentation/search): live folders and documents of one
 * organisation that the caller may Read, matching words in their names, descriptions and question
 * titles — ONE statement.
 *
 * Matching, per word of the query (every word must match):
 * - three characters or more: a part of any word, `search_text LIKE '%word%'`, from the pg_trgm GIN index
 *   (so "spect" finds "Inspection");
 * - shorter: a word beginning, `search_vector @@ 'wo':*`, from the full-text GIN index (a trigram index
 *   cannot narrow a pattern under three characters).
 * Relevance: ts_rank over the full-text vector with every word as a prefix (names weigh most, then
 * descriptions, then question titles), so whole words and word beginnings rank above parts of words;
 * ties by name. Without words: by name.
 *
 * Speed (many hits): hits are taken in three disjoint tiers, best first — every word beginning a word of
 * the NAME (GIN on to_tsvector('simple', name)), every word beginning a word anywhere (GIN on
 * search_vector), the rest (parts of words, trigrams) — and the taking stops at min(limit, 1000) +
 * SEARCH_COUNT_AHEAD rows, with the Read filter applied as they come. Only those are ranked, sorted and
 * counted: `total` is exact below the cap and the cap (a lower bound) at it. With more hits than the cap,
 * the order within a tier is the table's, so a lesser hit of a tier may be left out: the screen says the
 * total is a lower bound and asks for a narrower search.
 *
 * Read permission for many items at once, by THE rule (src/server/permissions/resolve.ts) for the one
 * bit Read: `decisions` are the items whose own level decides Read for the caller (entries naming the
 * caller that carry Read: the most specific subject decides, a revoke beats a grant among equals), and
 * the recursive `tree` walks the live folders from the root (or the searched folder) down, each folder
 * taking its own decision or else its parent's. A document takes its own decision or else its folder's.
 * Trashed folders are not walked, so nothing under them is found; org admins skip the decisions.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype } from '../../../shared/api/documentation.ts';
import { Permission } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../connection.ts';
import { rows, toDate } from '../rows.ts';
import { SEARCH_COUNT_AHEAD } from '../../../shared/api/search.ts';
import { SEARCH_MAX_RESULTS } from '../../../shared/api/search-schemas.ts';

export interface SearchFilter {
  orgId: string;
  userId: string;
  roleIds: readonly string[];
  isOrgAdmin: boolean;
  /** Lower-cased words of the query (none: every item the other filters allow). */
  words: readonly string[];
  types: readonly Doctype[];
  includeFolders: boolean;
  /** Search this folder's subtree (the folder itself not included); the caller's Read on it is `readable`. */
  within: { folderId: string; readable: boolean } | null;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
  modifiedAfter?: Date | undefined;
  modifiedBefore?: Date | undefined;
  limit: number;
}

export interface SearchHit {
  kind: 'folder' | 'document';
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  createdAt: Date;
  modifiedAt: Date;
  folderId: string | null;
  folderName: string | null;
}

/** Guards the walk against a cycle that should never exist. */
const MAX_DEPTH = 1000;
/** Words of three characters or more are matched anywhere (trigrams); shorter ones as word beginnings. */
const TRIGRAM_MIN = 3;

/** `%`, `_` and `\` taken literally in a LIKE pattern (the default escape character is `\`). */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A word's letters and digits, as full-text lexemes (the 'simple' parser splits on everything else). */
const lexemes = (word: string): string[] => word.match(/[\p{L}\p{N}]+/gu) ?? [];

/** A tsquery of prefixes joined by `op`, or null when there are none. Lexemes are letters and digits only: nothing to quote. */
function prefixQuery(parts: readonly string[], op: '&' | '|'): string | null {
  return parts.length > 0 ? parts.map((p) => `${p}:*`).join(` ${op} `) : null;
}

/** The match of one word on an item aliased `alias` (its search_text and search_vector). */
function wordMatch(alias: SQL, word: string): SQL | null {
  if ([...word].length >= TRIGRAM_MIN) return sql`${alias}.search_text LIKE ${`%${likeLiteral(word)}%`}`;
  const query = prefixQuery(lexemes(word), '&');
  return query === null ? null : sql`${alias}.search_vector @@ to_tsquery('simple', ${query})`;
}

function conditions(alias: SQL, filter: SearchFilter): SQL {
  const parts: SQL[] = [sql`${alias}.org_id = ${filter.orgId}`, sql`${alias}.deleted_at IS NULL`];
  // A short word without letters or digits cannot be matched: ignored beside other words, nothing found alone.
  const matches = filter.words.map((word) => wordMatch(alias, word)).filter((m) => m !== null);
  if (filter.words.length > 0 && matches.length === 0) parts.push(sql`false`);
  parts.push(...matches);
  if (filter.createdAfter) parts.push(sql`${alias}.created_at >= ${filter.createdAfter.toISOString()}::timestamptz`);
  if (filter.createdBefore) parts.push(sql`${alias}.created_at <= ${filter.createdBefore.toISOString()}::timestamptz`);
  if (filter.modifiedAfter) parts.push(sql`${alias}.modified_at >= ${filter.modifiedAfter.toISOString()}::timestamptz`);
  if (filter.modifiedBefore) parts.push(sql`${alias}.modified_at <= ${filter.modifiedBefore.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

interface RawHit {
  kind: 'folder' | 'document';
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  created_at: unknown;
  modified_at: unknown;
  folder_id: string | null;
  folder_name: string | null;
  total: number;
}

/**
 * The best `limit` hits (by relevance, then name) among the first `min(limit, 1000) + SEARCH_COUNT_AHEAD`
 * found tier by tier, and how many those are: `total` is exact below that cap, a lower bound at it.
 */
export async function searchItems(db: Queryable, filter: SearchFilter): Promise<{ hits: SearchHit[]; total: number }> {
  const roleIds = `{${filter.roleIds.join(',')}}`;
  const decisions = filter.isOrgAdmin
    ? sql`SELECT NULL::uuid AS item_id, NULL::boolean AS readable WHERE false`
    : sql`SELECT DISTINCT ON (e.item_id) e.item_id, e.readable
            FROM (SELECT coalesce(a.folder_id, a.document_id) AS item_id,
                         CASE a.subject_type WHEN 'user' THEN 3 WHEN 'role' THEN 2 ELSE 1 END AS specificity,
                         bool_and(a.is_grant) AS readable
                    FROM acl_entries a
                   WHERE a.org_id = ${filter.orgId}
                     AND (a.permissions & ${Permission.Read}) <> 0
                     AND ((a.subject_type = 'user' AND a.subject_id = ${filter.userId})
                       OR (a.subject_type = 'org' AND a.subject_id = ${filter.orgId})
                       OR (a.subject_type = 'role' AND a.subject_id = ANY(${roleIds}::uuid[])))
                   GROUP BY 1, 2) e
           ORDER BY e.item_id, e.specificity DESC`;
  const start = filter.within
    ? sql`SELECT f.id, f.name, ${filter.isOrgAdmin || filter.within.readable}::boolean AS readable, 0 AS depth
            FROM folders f WHERE f.id = ${filter.within.folderId} AND f.org_id = ${filter.orgId} AND f.deleted_at IS NULL`
    : sql`SELECT f.id, f.name, COALESCE(dec.readable, ${filter.isOrgAdmin}::boolean) AS readable, 0 AS depth
            FROM folders f LEFT JOIN decisions dec ON dec.item_id = f.id
           WHERE f.org_id = ${filter.orgId} AND f.parent_id IS NULL AND f.deleted_at IS NULL`;

  const words = filter.words.flatMap(lexemes);
  const rankQuery = prefixQuery(words, '|');
  const rank = (alias: SQL) => (rankQuery === null ? sql`0::real` : sql`ts_rank(${alias}.search_vector, to_tsquery('simple', ${rankQuery}))`);

  // Tiers, best first, disjoint: every word beginning a word of the name; every word beginning a word
  // anywhere; the rest (parts of words). Rows are taken tier by tier and the taking stops at `cap`, so a
  // common word reads `cap` rows, not every hit; the cap's rows are then ranked and sorted exactly.
  const fullText = prefixQuery(words, '&');
  const tiers: ((alias: SQL) => SQL)[] =
    fullText === null
      ? [() => sql`true`]
      : [
          (a) => sql`to_tsvector('simple', ${a}.name) @@ to_tsquery('simple', ${fullText})`,
          (a) => sql`${a}.search_vector @@ to_tsquery('simple', ${fullText}) AND NOT (to_tsvector('simple', ${a}.name) @@ to_tsquery('simple', ${fullText}))`,
          (a) => sql`NOT (${a}.search_vector @@ to_tsquery('simple', ${fullText}))`,
        ];

  const branches: SQL[] = [];
  for (const tier of tiers) {
    if (filter.types.length > 0) {
      branches.push(sql`SELECT 'document'::text AS kind, d.id, d.name, d.description, d.doctype, d.created_at, d.modified_at,
                               d.folder_id, t.name AS folder_name, ${rank(sql`d`)} AS rank
                          FROM documents d
                          JOIN tree t ON t.id = d.folder_id
                          LEFT JOIN decisions dd ON dd.item_id = d.id
                         WHERE ${conditions(sql`d`, filter)} AND ${tier(sql`d`)}
                           AND d.doctype = ANY(${`{${filter.types.join(',')}}`}::text[])
                           AND COALESCE(dd.readable, t.readable)`);
    }
    if (filter.includeFolders) {
      branches.push(sql`SELECT 'folder'::text AS kind, f.id, f.name, f.description, NULL::text AS doctype, f.created_at, f.modified_at,
                               f.parent_id AS folder_id, p.name AS folder_name, ${rank(sql`f`)} AS rank
                          FROM folders f
                          JOIN tree s ON s.id = f.id
                          JOIN tree p ON p.id = f.parent_id
                         WHERE ${conditions(sql`f`, filter)} AND ${tier(sql`f`)}
                           AND s.readable`);
    }
  }
  if (branches.length === 0) return { hits: [], total: 0 };
  const cap = Math.min(filter.limit, SEARCH_MAX_RESULTS) + SEARCH_COUNT_AHEAD;
  // Without words there is no relevance: the first `cap` by name (every hit sorted, as before).
  const candidates =
    fullText === null
      ? sql`SELECT * FROM hits ORDER BY lower(name), id LIMIT ${cap}`
      : sql`SELECT * FROM hits LIMIT ${cap}`;

  const found = await rows<RawHit>(
    db,
    sql`WITH RECURSIVE
          decisions AS (${decisions}),
          tree AS (
            ${start}
            UNION ALL
            SELECT c.id, c.name, COALESCE(dec.readable, t.readable), t.depth + 1
              FROM tree t
              JOIN folders c ON c.parent_id = t.id AND c.deleted_at IS NULL
              LEFT JOIN decisions dec ON dec.item_id = c.id
             WHERE t.depth < ${MAX_DEPTH}
          ),
          hits AS (${sql.join(branches, sql` UNION ALL `)}),
          candidates AS MATERIALIZED (${candidates})
        SELECT h.kind, h.id, h.name, h.description, h.doctype, h.created_at, h.modified_at, h.folder_id, h.folder_name,
               (SELECT count(*) FROM candidates)::int AS total
          FROM candidates h
         ORDER BY h.rank DESC, lower(h.name), h.id
         LIMIT ${filter.limit}`,
  );
  return {
    total: found.length > 0 ? Number(found[0]!.total) : 0,
    hits: found.map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      description: r.description,
      doctype: r.doctype,
      createdAt: toDate(r.created_at),
      modifiedAt: toDate(r.modified_at),
      folderId: r.folder_id,
      folderName: r.folder_name,
    })),
  };
}
