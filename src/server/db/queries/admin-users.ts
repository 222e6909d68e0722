/**
 * The admin user grid (GET users, GET users/{id}): members of one organisation with their account and
 * their roles in it. A page is ONE statement — the page's members are chosen, ordered and paged first
 * (a top-N sort over the filtered members), and only then are the roles of those members aggregated
 * (a lateral join on user_roles by user) — plus one count with the same filter. No query per user.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RoleRef } from '../../../shared/api/accounts.ts';
import type { UserOrderingKey } from '../../../shared/api/users.ts';
import type { Queryable } from '../connection.ts';
import { rows, toDate, uuidArray } from '../rows.ts';

export interface AdminUserRow {
  userId: string;
  username: string;
  email: string;
  fullName: string;
  avatar: string | null;
  isActive: boolean;
  isOrgAdmin: boolean;
  /** When they joined the organisation. */
  joinedAt: Date;
  /** Their roles in the organisation, by name ignoring case, then id. */
  roles: RoleRef[];
}

export interface AdminUsersFilter {
  /** Part of the username, full name or e-mail address, ignoring case ('' for none). */
  q: string;
  /** Members holding any of these roles (ids already checked to be UUIDs); empty for everyone. */
  roleIds: readonly string[];
  /** Only this member (GET users/{id}). */
  userId?: string;
}

/** A LIKE pattern that matches `text` literally anywhere (backslash is PostgreSQL's default escape). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The member columns a page is ordered by, under the alias `t` (`m` memberships + `u` users inside, `p` the page outside). */
function orderColumns(t: 'inner' | 'outer'): Record<UserOrderingKey['field'], SQL[]> {
  const col = (inner: string, outer: string) => sql.raw(t === 'inner' ? inner : outer);
  return {
    username: [sql`lower(${col('u.username', 'p.username')})`, col('u.username', 'p.username')],
    full_name: [sql`lower(${col('u.full_name', 'p.full_name')})`, col('u.full_name', 'p.full_name')],
    email: [col('u.email', 'p.email')],
    is_org_admin: [col('m.is_org_admin', 'p.is_org_admin')],
    created_at: [col('m.created_at', 'p.joined_at')],
  };
}

/** ORDER BY terms; the user id last, in the direction of the last key, so that pages never overlap or skip. */
function orderBy(ordering: readonly UserOrderingKey[], t: 'inner' | 'outer'): SQL {
  const columns = orderColumns(t);
  const terms = ordering.flatMap((key) => columns[key.field].map((c) => (key.descending ? sql`${c} DESC` : sql`${c} ASC`)));
  const id = sql.raw(t === 'inner' ? 'm.user_id' : 'p.user_id');
  terms.push(ordering.at(-1)?.descending ? sql`${id} DESC` : sql`${id} ASC`);
  return sql.join(terms, sql`, `);
}

function whereOf(orgId: string, filter: AdminUsersFilter): SQL {
  const conditions: SQL[] = [sql`m.org_id = ${orgId}`];
  if (filter.userId) conditions.push(sql`m.user_id = ${filter.userId}`);
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(sql`(lower(u.username) LIKE ${pattern} OR lower(u.full_name) LIKE ${pattern} OR lower(u.email) LIKE ${pattern})`);
  }
  if (filter.roleIds.length > 0) {
    // Only the organisation's roles count: another organisation's role id filters to nobody.
    conditions.push(sql`EXISTS (SELECT 1 FROM user_roles ur INNER JOIN roles r ON r.id = ur.role_id
                                 WHERE ur.user_id = m.user_id AND ur.role_id = ANY(${uuidArray(filter.roleIds)}) AND r.org_id = m.org_id)`);
  }
  return sql.join(conditions, sql` AND `);
}

interface RawRow {
  user_id: string;
  username: string;
  email: string;
  full_name: string;
  avatar: string | null;
  is_active: boolean;
  is_org_admin: boolean;
  joined_at: unknown;
  roles: RoleRef[] | string | null;
}

const toRow = (r: RawRow): AdminUserRow => ({
  userId: r.user_id,
  username: r.username,
  email: r.email,
  fullName: r.full_name,
  avatar: r.avatar,
  isActive: r.is_active,
  isOrgAdmin: r.is_org_admin,
  joinedAt: toDate(r.joined_at),
  roles: byName((typeof r.roles === 'string' ? (JSON.parse(r.roles) as RoleRef[]) : r.roles) ?? []),
});

/** Roles by name ignoring case, then id (sorted here: an ORDER BY inside json_agg costs a sort per member). */
const byName = (refs: RoleRef[]) =>
  refs.sort((a, b) => {
    const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });

/** One page of the organisation's members, in the order asked for, with their roles — ONE statement. */
export async function adminUsersPage(
  db: Queryable,
  orgId: string,
  filter: AdminUsersFilter,
  page: { ordering: readonly UserOrderingKey[]; skip: number; limit: number },
): Promise<AdminUserRow[]> {
  const found = await rows<RawRow>(
    db,
    sql`SELECT p.*, COALESCE(pr.roles, '[]'::json) AS roles
          FROM (SELECT m.user_id, u.username, u.email, u.full_name, u.avatar, u.is_active, m.is_org_admin, m.created_at AS joined_at
                  FROM memberships m INNER JOIN users u ON u.id = m.user_id
                 WHERE ${whereOf(orgId, filter)}
                 ORDER BY ${orderBy(page.ordering, 'inner')}
                OFFSET ${page.skip} LIMIT ${page.limit}) p
          LEFT JOIN LATERAL (
                SELECT json_agg(json_build_object('id', r.id, 'name', r.name)) AS roles
                  FROM user_roles ur INNER JOIN roles r ON r.id = ur.role_id
                 WHERE ur.user_id = p.user_id AND r.org_id = ${orgId}) pr ON true
         ORDER BY ${orderBy(page.ordering, 'outer')}`,
  );
  return found.map(toRow);
}

/** How many members the filter keeps (the page's `total`). */
export async function countAdminUsers(db: Queryable, orgId: string, filter: AdminUsersFilter): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    // The account is read only to search it: without q, the memberships alone are counted.
    filter.q
      ? sql`SELECT count(*)::int AS n FROM memberships m INNER JOIN users u ON u.id = m.user_id WHERE ${whereOf(orgId, filter)}`
      : sql`SELECT count(*)::int AS n FROM memberships m WHERE ${whereOf(orgId, filter)}`,
  );
  return Number(row?.n ?? 0);
}

/** One member of the organisation with their roles; undefined when the user is not a member. */
export async function adminUserRow(db: Queryable, orgId: string, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await adminUsersPage(db, orgId, { q: '', roleIds: [], userId }, { ordering: [], skip: 0, limit: 1 });
  return row;
}
