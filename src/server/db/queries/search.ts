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
 * caller that carry Read: the most specific subject decides, a revoke beats a grant among equals). A
 * folder's Read is the decision nearest above it, so only the subtrees of folders below the root that
 * decide can differ from the root's decision: those are walked (`exceptions`), never the whole tree.
 * A document takes its own decision or else its folder's. Nothing in or under a trashed folder is found
 * (`buried`); org admins skip the decisions. See searchItems. This SQL is held to THE reference model of
 * the rule, beside the resolver, by one property test over random trees, ACLs and roles
 * (tests/api/documentation/permission-rule.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype, ItemKind } from '../../../shared/api/documentation.ts';
import { Permission } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../connection.ts';
import { arrayLiteral, rows, toDate } from '../rows.ts';
import { MAX_TREE_DEPTH } from './folder-chain.ts';
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
  kind: ItemKind;
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  createdAt: Date;
  modifiedAt: Date;
  folderId: string | null;
  folderName: string | null;
}

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

/**
 * The match of one word on an item aliased `alias` (its search_text and search_vector); `indexed: false`
 * keeps a part-of-word match off the trigram index (`|| ''`: an expression the index does not cover).
 */
function wordMatch(alias: SQL, word: string, indexed: boolean): SQL | null {
  if ([...word].length >= TRIGRAM_MIN) {
    const pattern = `%${likeLiteral(word)}%`;
    return indexed ? sql`${alias}.search_text LIKE ${pattern}` : sql`(${alias}.search_text || '') LIKE ${pattern}`;
  }
  const query = prefixQuery(lexemes(word), '&');
  return query === null ? null : sql`${alias}.search_vector @@ to_tsquery('simple', ${query})`;
}

function conditions(alias: SQL, filter: SearchFilter, indexed: boolean): SQL {
  const parts: SQL[] = [sql`${alias}.org_id = ${filter.orgId}`, sql`${alias}.deleted_at IS NULL`];
  // A short word without letters or digits cannot be matched: ignored beside other words, nothing found alone.
  const matches = filter.words.map((word) => wordMatch(alias, word, indexed)).filter((m) => m !== null);
  if (filter.words.length > 0 && matches.length === 0) parts.push(sql`false`);
  parts.push(...matches);
  if (filter.createdAfter) parts.push(sql`${alias}.created_at >= ${filter.createdAfter.toISOString()}::timestamptz`);
  if (filter.createdBefore) parts.push(sql`${alias}.created_at <= ${filter.createdBefore.toISOString()}::timestamptz`);
  if (filter.modifiedAfter) parts.push(sql`${alias}.modified_at >= ${filter.modifiedAfter.toISOString()}::timestamptz`);
  if (filter.modifiedBefore) parts.push(sql`${alias}.modified_at <= ${filter.modifiedBefore.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

interface RawHit {
  kind: ItemKind;
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

/** `value IN (SELECT … FROM set)` kept as a hashed SubPlan: IS TRUE stops the planner pulling it up into a join. */
const inSet = (value: SQL, set: SQL) => sql`(${value} IN (${set})) IS TRUE`;

/** The sets a search reads beside its hits: the caller's Read decisions, the walks below them, the trash, the scope. */
function readSets(filter: SearchFilter) {
  const roleIds = arrayLiteral(filter.roleIds);
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
  // The root's decision holds wherever no folder below it decides (no decision there: not readable).
  const everywhere = filter.isOrgAdmin
    ? sql`true`
    : sql`COALESCE((SELECT dec.readable FROM decisions dec JOIN folders r ON r.id = dec.item_id
                     WHERE r.org_id = ${filter.orgId} AND r.parent_id IS NULL), false)`;
  // The folders whose Read is not the root's: the subtrees of the live folders below the root that decide.
  const exceptions = filter.isOrgAdmin
    ? sql`SELECT NULL::uuid AS id, NULL::boolean AS readable, 0 AS depth WHERE false`
    : sql`SELECT f.id, dec.readable, 0 AS depth
            FROM decisions dec JOIN folders f ON f.id = dec.item_id
           WHERE f.org_id = ${filter.orgId} AND f.parent_id IS NOT NULL AND f.deleted_at IS NULL
          UNION ALL
          SELECT c.id, x.readable, x.depth + 1
            FROM exceptions x JOIN folders c ON c.parent_id = x.id AND c.deleted_at IS NULL
           WHERE x.depth < ${MAX_TREE_DEPTH} AND NOT EXISTS (SELECT 1 FROM decisions d2 WHERE d2.item_id = c.id)`;
  // Folders in the trash and everything under them (only the topmost trashed level is marked).
  const buried = sql`SELECT f.id, 0 AS depth FROM folders f WHERE f.org_id = ${filter.orgId} AND f.deleted_at IS NOT NULL
                     UNION ALL
                     SELECT c.id, b.depth + 1 FROM buried b JOIN folders c ON c.parent_id = b.id WHERE b.depth < ${MAX_TREE_DEPTH}`;
  // in_folder: the searched folder and its live subtree.
  const scope = filter.within
    ? sql`SELECT f.id, 0 AS depth FROM folders f
           WHERE f.id = ${filter.within.folderId} AND f.org_id = ${filter.orgId} AND f.deleted_at IS NULL
          UNION ALL
          SELECT c.id, s.depth + 1 FROM scope s JOIN folders c ON c.parent_id = s.id AND c.deleted_at IS NULL WHERE s.depth < ${MAX_TREE_DEPTH}`
    : sql`SELECT NULL::uuid AS id, 0 AS depth WHERE false`;
  // A hit (h: its id, and folder_id — a document's folder, a folder's parent) is readable by its own
  // decision, else by its folder's Read: that of the exception walk it lies in, else the root's.
  const readable = filter.isOrgAdmin
    ? sql`true`
    : sql`CASE WHEN ${inSet(sql`h.id`, sql`SELECT dec.item_id FROM decisions dec`)}
               THEN ${inSet(sql`h.id`, sql`SELECT dec.item_id FROM decisions dec WHERE dec.readable`)}
               WHEN ${inSet(sql`h.folder_id`, sql`SELECT x.id FROM exceptions x`)}
               THEN ${inSet(sql`h.folder_id`, sql`SELECT x.id FROM exceptions x WHERE x.readable`)}
               ELSE (SELECT e.readable FROM everywhere e) END`;
  return { decisions, everywhere, exceptions, buried, scope, readable };
}

/** The hits' branches, tier by tier (documents and folders), and the full-text query of the words (none without words). */
function hitBranches(filter: SearchFilter) {
  const words = filter.words.flatMap(lexemes);
  const rankQuery = prefixQuery(words, '|');
  const rank = (alias: SQL) => (rankQuery === null ? sql`0::real` : sql`ts_rank(${alias}.search_vector, to_tsquery('simple', ${rankQuery}))`);
  // The last tier holds what matches no word beginning; with one lexeme its rank is 0 on every row.
  const partsRank = (alias: SQL) => (words.length <= 1 ? sql`0::real` : rank(alias));

  // Tiers, best first, disjoint: every word beginning a word of the name; every word beginning a word
  // anywhere; the rest (parts of words). Rows are taken tier by tier and the taking stops at `cap`, so a
  // common word reads `cap` rows, not every hit; the cap's rows are then ranked and sorted exactly.
  // In the first two tiers a word's part-of-word match is checked on each row, not through the trigram
  // index (`indexed: false`): the full-text index narrows those tiers, and an unanalysed PGlite otherwise
  // read every trigram hit of a common word to find the few whose NAME begins with it.
  const fullText = prefixQuery(words, '&');
  const tiers: { indexed: boolean; condition: (alias: SQL) => SQL; rank: (alias: SQL) => SQL }[] =
    fullText === null
      ? [{ indexed: true, condition: () => sql`true`, rank }]
      : [
          { indexed: false, condition: (a) => sql`to_tsvector('simple', ${a}.name) @@ to_tsquery('simple', ${fullText})`, rank },
          {
            indexed: false,
            condition: (a) =>
              sql`${a}.search_vector @@ to_tsquery('simple', ${fullText}) AND NOT (to_tsvector('simple', ${a}.name) @@ to_tsquery('simple', ${fullText}))`,
            rank,
          },
          { indexed: true, condition: (a) => sql`NOT (${a}.search_vector @@ to_tsquery('simple', ${fullText}))`, rank: partsRank },
        ];

  const branches: SQL[] = [];
  for (const tier of tiers) {
    if (filter.types.length > 0) {
      branches.push(sql`SELECT 'document'::text AS kind, d.id, d.name, d.description, d.doctype, d.created_at, d.modified_at,
                               d.folder_id, ${tier.rank(sql`d`)} AS rank
                          FROM documents d
                         WHERE ${conditions(sql`d`, filter, tier.indexed)} AND ${tier.condition(sql`d`)}
                           AND d.doctype = ANY(${arrayLiteral(filter.types)}::text[])`);
    }
    if (filter.includeFolders) {
      branches.push(sql`SELECT 'folder'::text AS kind, f.id, f.name, f.description, NULL::text AS doctype, f.created_at, f.modified_at,
                               f.parent_id AS folder_id, ${tier.rank(sql`f`)} AS rank
                          FROM folders f
                         WHERE ${conditions(sql`f`, filter, tier.indexed)} AND ${tier.condition(sql`f`)}
                           AND f.parent_id IS NOT NULL`);
    }
  }
  return { branches, fullText };
}

/**
 * The best `limit` hits (by relevance, then name) among the first `min(limit, 1000) + SEARCH_COUNT_AHEAD`
 * found tier by tier, and how many those are: `total` is exact below that cap, a lower bound at it.
 *
 * Read without walking the whole tree: a folder's Read is the decision of the nearest folder at or
 * above it that decides Read for the caller. Below the root, only the subtrees of folders that decide
 * for themselves can differ from the root, so `exceptions` walks down from each of those (stopping at
 * folders that decide again, which are walks of their own) and every other folder takes the root's
 * decision (`everywhere`; an org admin: every folder). A document takes its own decision, else its
 * folder's. What lies under a trashed folder is never found: `buried` walks down from the trashed
 * folders. Each set is probed as a hashed SubPlan (`inSet`), so no plan rests on row estimates that an
 * unanalysed PGlite gets wrong (a nested loop over the walked tree per hit took seconds there).
 */
export async function searchItems(db: Queryable, filter: SearchFilter): Promise<{ hits: SearchHit[]; total: number }> {
  const { decisions, everywhere, exceptions, buried, scope, readable } = readSets(filter);
  const { branches, fullText } = hitBranches(filter);
  if (branches.length === 0) return { hits: [], total: 0 };
  const cap = Math.min(filter.limit, SEARCH_MAX_RESULTS) + SEARCH_COUNT_AHEAD;
  // Without words there is no relevance: the first `cap` by name (every hit sorted, as before). Names
  // compare in code point order (COLLATE "C", what the databases' C.UTF-8 gives too): a sort of 2,000
  // names through the locale's strcoll took milliseconds.
  const candidates =
    fullText === null
      ? sql`SELECT * FROM hits ORDER BY lower(name) COLLATE "C", id LIMIT ${cap}`
      : sql`SELECT * FROM hits LIMIT ${cap}`;

  const found = await rows<RawHit>(
    db,
    sql`WITH RECURSIVE
          decisions AS MATERIALIZED (${decisions}),
          everywhere AS MATERIALIZED (SELECT ${everywhere} AS readable),
          exceptions AS (${exceptions}),
          buried AS (${buried}),
          scope AS (${scope}),
          -- The tiers' rows as they come, filtered ONCE above them (quals with SubPlans are not pushed
          -- down into the branches, so each set is planned once, not once per branch).
          hits AS (SELECT h.* FROM (${sql.join(branches, sql` UNION ALL `)}) h
                    WHERE NOT ${inSet(sql`h.folder_id`, sql`SELECT b.id FROM buried b`)}
                      ${filter.within ? sql`AND ${inSet(sql`h.folder_id`, sql`SELECT s.id FROM scope s`)}` : sql``}
                      AND ${readable}),
          candidates AS MATERIALIZED (${candidates})
        SELECT h.kind, h.id, h.name, h.description, h.doctype, h.created_at, h.modified_at, h.folder_id,
               (SELECT p.name FROM folders p WHERE p.id = h.folder_id) AS folder_name,
               (SELECT count(*) FROM candidates)::int AS total
          FROM candidates h
         ORDER BY h.rank DESC, lower(h.name) COLLATE "C", h.id
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
