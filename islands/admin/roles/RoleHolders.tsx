/**
 * The users holding a role (accounts §2 "The role edit page also lists users having that role"): all
 * of them arrive with the role (up to 100000, accounts §7), and the grid shows 100 at a time, so a
 * role held by thousands never puts thousands of rows in the page. Each links to the user's page.
 */
import { useState } from 'react';
import type { RoleHolder } from '../../../src/shared/api/users.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import { userPath } from '../shared/admin-paths.ts';
import { messages } from './messages.ts';

export const HOLDERS_PAGE_SIZE = 100;

const columns: DataGridColumn<RoleHolder>[] = [
  { key: 'username', header: messages.username, cell: (user) => <a href={userPath(user.id)}>{user.username}</a> },
  { key: 'full_name', header: messages.fullName, cell: (user) => user.full_name },
  { key: 'email', header: messages.email, cell: (user) => user.email },
];

export function RoleHolders({ holders }: { holders: readonly RoleHolder[] }) {
  const [skip, setSkip] = useState(0);
  const rows = holders.slice(skip, skip + HOLDERS_PAGE_SIZE);
  return (
    <section className="admin-section" aria-labelledby="role-holders-title">
      <h2 id="role-holders-title">{messages.holdersTitle}</h2>
      <DataGrid
        label={messages.holdersTitle}
        columns={columns}
        rows={rows}
        rowKey={(user) => user.id}
        emptyText={messages.noHolders}
        footer={{ label: messages.holdersLabel, count: holders.length }}
        paging={holders.length > HOLDERS_PAGE_SIZE ? { skip, limit: HOLDERS_PAGE_SIZE, total: holders.length, onPage: setSkip } : undefined}
      />
    </section>
  );
}
