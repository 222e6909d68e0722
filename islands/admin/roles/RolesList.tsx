/**
 * The roles list (/admin/roles, accounts §2 "Roles list: Role, Description, Edit, with a total footer"):
 * one page of 100 roles at a time from the server, by name, and the total beneath.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import type { Role } from '../../../src/shared/api/roles.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import { rolePath } from '../shared/admin-paths.ts';
import { usePageRead } from '../../shared/use-page-read.ts';
import { useServerPage } from '../../shared/use-server-page.ts';
import { messages } from './messages.ts';

/** The first page is also the page's first read (its page data's `roles`, src/shared/page-data-reads.ts). */
export const ROLES_PAGE_SIZE = 100;

const columns: DataGridColumn<Role>[] = [
  { key: 'role', header: messages.role, cell: (role) => <span className="role-name">{role.name}</span> },
  { key: 'description', header: messages.description, cell: (role) => role.description },
  {
    key: 'edit',
    header: messages.edit,
    cell: (role) => (
      <a href={rolePath(role.id)} aria-label={`${messages.edit} ${role.name}`}>
        {messages.edit}
      </a>
    ),
  },
];

export default function RolesList() {
  const [ready, setReady] = useState(false);
  useEffect(() => void signedInUser().then(() => setReady(true)), []);
  return ready ? <RolesGrid /> : <DataGrid label={messages.rolesTitle} columns={columns} rows={undefined} rowKey={(r) => r.id} />;
}

function RolesGrid() {
  const firstRead = usePageRead('roles');
  const fetchPage = useCallback((page: { skip: number; limit: number }) => api.roles.list(page, firstRead()), [firstRead]);
  const list = useServerPage(fetchPage, ROLES_PAGE_SIZE);
  return (
    <DataGrid
      label={messages.rolesTitle}
      columns={columns}
      rows={list.rows}
      rowKey={(role) => role.id}
      loading={list.loading}
      errorText={list.error}
      emptyText={messages.noRoles}
      footer={{ label: messages.total, count: list.total }}
      paging={list.total > list.limit ? { skip: list.skip, limit: list.limit, total: list.total, onPage: list.setSkip } : undefined}
    />
  );
}
