/**
 * The members an item's effective permissions are shown for (issue #33): one page of the organisation's
 * active members (by username ignoring case, then id), each with the roles among `roleIds` they hold (the
 * roles the item's chain names: the only ones the rule reads), and how many members match — ONE
 * statement, never one per member. The chain and its entries come from the access check's own statement
 * (db/documentation-tree.ts), read once; the bits are resolved by THE rule in the service.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { fromJson, rows, uuidArray } from '../rows.ts';

export interface EffectiveMemberRow {
  userId: string;
  username: string;
  fullName: string;
  isOrgAdmin: boolean;
  /** Their roles among those asked about. */
  roleIds: string[];
}

export interface EffectiveMembersFilter {
  /** Part of the username or full name, ignoring case ('' for none). */
  q: string;
  /** Only this member (…/effective-permissions/{user_id}). */
  userId?: string;
}

/** A LIKE pattern that matches `text` literally anywhere (backslash is PostgreSQL's default escape). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(orgId: string, filter: EffectiveMembersFilter): SQL {
  const conditions: SQL[] = [sql`m.org_id = ${orgId}`, sql`m.is_active`];
  if (filter.userId) conditions.push(sql`m.user_id = ${filter.userId}`);
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(sql`(lower(u.username) LIKE ${pattern} OR lower(u.full_name) LIKE ${pattern})`);
  }
  return sql.join(conditions, sql` AND `);
}

interface RawRow {
  total: number | string;
  user_id: string | null;
  username: string | null;
  full_name: string | null;
  is_org_admin: boolean | null;
  role_ids: string[] | string | null;
}

/** One page of the matching members with their roles among `roleIds`, and the count of all that match. */
export async function effectiveMembersPage(
  db: Queryable,
  orgId: string,
  filter: EffectiveMembersFilter,
  roleIds: readonly string[],
  page: { skip: number; limit: number },
): Promise<{ members: EffectiveMemberRow[]; total: number }> {
  // The page's roles only for roles the chain names (often none): a member's other roles change nothing.
  const roles =
    roleIds.length === 0
      ? sql`'[]'::json`
      : sql`COALESCE((SELECT json_agg(ur.role_id) FROM user_roles ur
                       WHERE ur.user_id = p.user_id AND ur.role_id = ANY(${uuidArray(roleIds)})), '[]'::json)`;
  const found = await rows<RawRow>(
    db,
    sql`WITH matching AS (
          SELECT m.user_id, u.username, u.full_name, m.is_org_admin
            FROM memberships m INNER JOIN users u ON u.id = m.user_id
           WHERE ${whereOf(orgId, filter)}
        ), page AS (
          SELECT * FROM matching ORDER BY lower(username), username, user_id OFFSET ${page.skip} LIMIT ${page.limit}
        )
        SELECT (SELECT count(*) FROM matching)::int AS total, p.user_id, p.username, p.full_name, p.is_org_admin, ${roles} AS role_ids
          FROM (SELECT 1) one LEFT JOIN page p ON true
         ORDER BY lower(p.username), p.username, p.user_id`,
  );
  const total = Number(found[0]?.total ?? 0);
  const members = found
    .filter((r) => r.user_id !== null)
    .map((r) => ({
      userId: r.user_id!,
      username: r.username!,
      fullName: r.full_name!,
      isOrgAdmin: r.is_org_admin!,
      roleIds: r.role_ids === null ? [] : fromJson(r.role_ids),
    }));
  return { members, total };
}
