/** How the admin area shows an organisation's members (shapes in shared/api/users.ts). */
import type { AdminUser, RoleHolder } from '../../shared/api/users.ts';
import type { AdminUserRow } from '../db/queries/admin-users.ts';

/**
 * A member as the admin screens show them. `avatarUrl` makes the short-lived address an <img> loads the
 * user's avatar from (services/avatars.ts avatarUrlMinter; null while the user has none).
 */
export function presentAdminUser(row: AdminUserRow, avatarUrl: (user: { id: string; avatar: string | null }) => string | null): AdminUser {
  return {
    id: row.userId,
    user_account: {
      username: row.username,
      email: row.email,
      full_name: row.fullName,
      avatar: row.avatar,
      avatar_url: row.avatar ? avatarUrl({ id: row.userId, avatar: row.avatar }) : null,
      is_active: row.isActive,
    },
    is_org_admin: row.isOrgAdmin,
    roles: row.roles,
    created_at: row.joinedAt.toISOString(),
  };
}

export function presentRoleHolder(row: { id: string; username: string; fullName: string; email: string }): RoleHolder {
  return { id: row.id, username: row.username, full_name: row.fullName, email: row.email };
}
