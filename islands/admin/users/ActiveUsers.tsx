/**
 * The Active tab (accounts §2 "Active columns: Avatar, Username (with admin marker), Full Name, Email,
 * Roles (with filter), Edit; quick role chips for roles that are list_filterable; footer Active Users
 * count"). The server pages the members (GET users with skip/limit and role_filters), so a large
 * organisation never puts thousands of rows in the DOM. The chips and the role filter are one set of
 * chosen roles: a member holding any of them is shown.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import type { AdminUser } from '../../../src/shared/api/users.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import { useServerPage } from '../../shared/use-server-page.ts';
import type { RolesState } from './users-state.ts';
import { UserAvatar } from './UserAvatar.tsx';
import { userPath } from '../shared/admin-paths.ts';
import { rolesText, toggleRole, usersPageRead, usersQuery, USERS_PAGE_SIZE } from './users-state.ts';

const columns: DataGridColumn<AdminUser>[] = [
  { key: 'avatar', header: 'Avatar', cell: (u) => <UserAvatar account={u.user_account} /> },
  {
    key: 'username',
    header: 'Username',
    cell: (u) => (
      <span className="username-cell">
        <span>{u.user_account.username}</span>
        {u.is_org_admin && <span className="admin-marker">Admin</span>}
      </span>
    ),
  },
  { key: 'full_name', header: 'Full Name', cell: (u) => u.user_account.full_name },
  { key: 'email', header: 'Email', cell: (u) => u.user_account.email },
  { key: 'roles', header: 'Roles', cell: (u) => rolesText(u.roles) },
  {
    key: 'edit',
    header: 'Edit',
    cell: (u) => (
      <a href={userPath(u.id)} aria-label={`Edit ${u.user_account.username}`}>
        Edit
      </a>
    ),
  },
];

/** The Active grid's pages for `filters`; the first load takes the page's first read (its page data's `users`) when it asks for that page. */
function useUsersPage(filters: readonly string[]) {
  const firstLoad = useRef(true);
  const fetchPage = useCallback(
    (page: { skip: number; limit: number }) => {
      const pageRead = usersPageRead(filters, page, firstLoad.current);
      firstLoad.current = false;
      return api.users.list(usersQuery(filters, page), pageRead);
    },
    [filters],
  );
  return useServerPage(fetchPage, USERS_PAGE_SIZE);
}

export function ActiveUsers({ roles }: { roles: RolesState }) {
  const [filters, setFilters] = useState<string[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const filterId = useId();
  const list = useUsersPage(filters);
  const known = roles.status === 'ready' ? roles.roles : [];
  const chips = known.filter((r) => r.list_filterable);
  const toggle = (id: string) => setFilters((f) => toggleRole(f, id));

  return (
    <div className="users-active">
      {known.length > 0 && (
        <div className="role-filters">
          {chips.length > 0 && (
            <div className="role-chips" role="group" aria-label="Quick role filters">
              {chips.map((role) => (
                <button
                  key={role.id}
                  type="button"
                  className="role-chip"
                  aria-pressed={filters.includes(role.id)}
                  onClick={() => toggle(role.id)}
                >
                  {role.name}
                </button>
              ))}
            </div>
          )}
          <div className="role-filter">
            <button
              type="button"
              className="button secondary role-filter-toggle"
              aria-expanded={filterOpen}
              aria-controls={filterId}
              onClick={() => setFilterOpen((o) => !o)}
            >
              Filter Roles{filters.length > 0 ? ` (${filters.length})` : ''}
            </button>
            {filters.length > 0 && (
              <button type="button" className="button text" onClick={() => setFilters([])}>
                Clear Filter
              </button>
            )}
            <fieldset id={filterId} className="role-filter-choices" hidden={!filterOpen}>
              <legend>Show users holding any of these roles</legend>
              <ul>
                {known.map((role) => (
                  <li key={role.id}>
                    <label>
                      <input type="checkbox" checked={filters.includes(role.id)} onChange={() => toggle(role.id)} />
                      {role.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </div>
        </div>
      )}
      <DataGrid
        label="Active Users"
        className="users-grid"
        columns={columns}
        rows={list.rows}
        rowKey={(u) => u.id}
        loading={list.loading}
        errorText={list.error}
        emptyText={filters.length > 0 ? 'No users hold these roles.' : 'Empty'}
        footer={{ label: 'Active Users', count: list.total }}
        paging={list.total > list.limit ? { skip: list.skip, limit: list.limit, total: list.total, onPage: list.setSkip } : undefined}
      />
    </div>
  );
}
