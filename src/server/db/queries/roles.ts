/** Roles: their list orderings, and what deleting one does to pending invitations (role ids kept as a jsonb array). */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RoleOrderingKey } from '../../../shared/api/roles.ts';
import type { Queryable } from '../connection.ts';
import { invitations, roles } from '../schema.ts';
import { lowerCase } from './text.ts';

/** What each ordering field of GET roles sorts by: names and descriptions ignoring case first, then exactly. */
export const ROLE_ORDER_COLUMNS: Record<RoleOrderingKey['field'], SQL[]> = {
  name: [lowerCase(roles.name), sql`${roles.name}`],
  description: [lowerCase(roles.description), sql`${roles.description}`],
  list_filterable: [sql`${roles.listFilterable}`],
  created_at: [sql`${roles.createdAt}`],
};

/** The organisation's pending invitations stop offering the role. */
export async function dropRoleFromPendingInvitations(tx: Queryable, orgId: string, roleId: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ roleIds: sql`${invitations.roleIds} - ${roleId}::text` })
    .where(
      and(
        eq(invitations.orgId, orgId),
        eq(invitations.status, 'pending'),
        sql`${invitations.roleIds} @> ${JSON.stringify([roleId])}::jsonb`,
      ),
    );
}
