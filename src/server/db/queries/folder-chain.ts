/**
 * THE chain CTE: a folder and every folder above it, up to the root, as one recursive common table
 * expression. Every statement that walks up the tree (an item's permissions, the trash above it, the
 * subscribers above it) builds its walk here, so the walk, its columns and its guard are written once.
 */
import { sql, type SQL } from 'drizzle-orm';

/** No walk of the tree goes deeper: the guard against a cycle that should never exist. */
export const MAX_TREE_DEPTH = 1000;

/** Columns of `folders` a chain may carry besides `id` and `parent_id`, which it always has. */
export type ChainColumn =
  | 'name'
  | 'description'
  | 'version'
  | 'created_by'
  | 'created_at'
  | 'modified_by'
  | 'modified_at'
  | 'deleted_at'
  | 'deleted_by';

export interface ChainOptions {
  /** Columns of `folders` beside `id`, `parent_id` and `depth`. */
  columns?: readonly ChainColumn[];
  /**
   * Where the first folders come from, `folders f` unless given: walks of many items at once join their
   * items here (`items i JOIN folders f ON f.id = i.parent_id`) and `carry` their columns up each chain.
   */
  from?: SQL;
  /** Columns taken from `from`'s rows (`{ item_id: sql\`i.id\` }`) and kept on every folder above them. */
  carry?: Readonly<Record<string, SQL>>;
}

const plainName = /^[a-z_][a-z0-9_]*$/;

/**
 * `name AS (…)`, to follow `WITH RECURSIVE`: the folders `f` where `start` holds (a condition on the
 * alias `f` of `folders`: one folder, the root, or the folders of many items), then each folder above,
 * with `id`, `parent_id`, the options' columns and `depth` (0 at the start, 1 for its parent, …). The
 * depth guard is written into the text (not a parameter), so named statements keep their placeholders.
 */
export function chainCte(name: string, start: SQL, options: ChainOptions = {}): SQL {
  const carried = Object.entries(options.carry ?? {});
  for (const n of [name, ...carried.map(([as]) => as)]) if (!plainName.test(n)) throw new Error(`chainCte: not a plain name: ${n}`);
  const self = sql.raw(name);
  const list = sql.raw(['id', 'parent_id', ...(options.columns ?? [])].map((column) => `f.${column}`).join(', '));
  const carriedFirst = carried.map(([as, value]) => sql`${value} AS ${sql.raw(as)}, `);
  const carriedUp = carried.map(([as]) => sql.raw(`c.${as}, `));
  return sql`${self} AS (
      SELECT ${sql.join(carriedFirst)}${list}, 0 AS depth FROM ${options.from ?? sql`folders f`} WHERE ${start}
      UNION ALL
      SELECT ${sql.join(carriedUp)}${list}, c.depth + 1
        FROM folders f JOIN ${self} c ON f.id = c.parent_id WHERE c.depth < ${sql.raw(String(MAX_TREE_DEPTH))}
    )`;
}
