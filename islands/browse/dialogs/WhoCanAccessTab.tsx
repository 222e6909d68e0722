/**
 * The Properties dialog's Who can access tab (issue #33; shown with 'Edit Permissions', beside the
 * Permissions tab): the organisation's members (searchable by name, a page at a time: THE grid) with
 * their Read / Write / Delete / Edit Permissions / Create on the item, and for the member picked, the
 * reasons in words (./who-can-access-words.ts). The server decides every bit by THE rule
 * (GET …/effective-permissions); while the Permissions tab holds unsaved changes (`proposed`), the same
 * call with those entries (POST) shows what they would do, so the list follows every change there.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { PermissionEntry } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import { api } from '../../../src/client/api.ts';
import { addStyles } from '../../../src/client/dom.ts';
import type { ItemKind } from '../../../src/shared/api/documentation.ts';
import { DEFAULT_EFFECTIVE_PAGE_SIZE, type MemberPermissions } from '../../../src/shared/api/effective-permissions.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import gridStyles from '../../shared/data-grid.css?inline';
import { useServerPage } from '../../shared/use-server-page.ts';
import tabStyles from './who-can-access.css?inline';
import { bitColumns, memberReasons } from './who-can-access-words.ts';

interface Props {
  kind: ItemKind;
  id: string;
  name: string;
  /** The Permissions tab's unsaved entries, if any. */
  proposed: PermissionEntry[] | undefined;
}

/** How long typing may pause before the search is sent. */
const SEARCH_PAUSE_MS = 250;

// This module loads when the tab is first shown (PropertiesDialog's lazy import): its look comes with it.
addStyles(gridStyles, tabStyles);

/** The search as typed, and as sent: SEARCH_PAUSE_MS after the typing pauses, or at once by `sendNow`. */
function useMemberSearch() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, q, sendNow: () => setQ(typed.trim()) };
}

/** The grid's columns: the member (a button that shows their reasons), then their bits on the item. */
function memberColumns(kind: ItemKind, picked: string | undefined, reasonsId: string, onPick: (userId: string | undefined) => void): DataGridColumn<MemberPermissions>[] {
  return [
    {
      key: 'member',
      header: 'Member',
      cell: (m) => (
        <button
          type="button"
          className="who-member"
          aria-expanded={m.user_id === picked}
          aria-controls={reasonsId}
          onClick={() => onPick(m.user_id === picked ? undefined : m.user_id)}
        >
          <span className="who-member-name">{m.full_name || m.username}</span>
          <span className="who-member-username">{m.username}</span>
        </button>
      ),
    },
    ...bitColumns(kind).map((column) => ({
      key: column.key,
      header: column.header,
      cell: (m: MemberPermissions) => {
        const value = column.value(m.permissions);
        return <span data-held={value !== 'No'}>{value}</span>;
      },
    })),
  ];
}

export function WhoCanAccessTab({ kind, id, name, proposed }: Props) {
  const searchId = useId();
  const reasonsId = useId();
  const { typed, setTyped, q, sendNow } = useMemberSearch();
  const [picked, setPicked] = useState<string | undefined>();

  const fetchPage = useCallback(
    (page: { skip: number; limit: number }) => api.documentation.effectivePermissions(kind, id, { q, ...page }, proposed),
    [kind, id, q, proposed],
  );
  const list = useServerPage(fetchPage, DEFAULT_EFFECTIVE_PAGE_SIZE);
  const member = list.rows?.find((m) => m.user_id === picked);

  return (
    <div className="who-can-access">
      <div className="field who-search">
        <label htmlFor={searchId}>Search members</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          // Enter searches at once; it must not submit the Properties form.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            sendNow();
          }}
        />
      </div>
      {proposed && <p className="hint">Showing the unsaved changes of the Permissions tab.</p>}
      {/* The rows are buttons: say so, and why they are worth choosing (issue #43 item 16). */}
      <p className="hint">Choose a member to see why they have each permission.</p>
      <DataGrid
        label={`Who can access ${name}`}
        columns={memberColumns(kind, picked, reasonsId, setPicked)}
        rows={list.rows}
        rowKey={(m) => m.user_id}
        loading={list.loading}
        errorText={list.error}
        emptyText="No members found"
        paging={{ skip: list.skip, limit: list.limit, total: list.total, onPage: list.setSkip }}
        className="who-grid"
      />
      <section id={reasonsId} className="who-reasons" aria-live="polite" aria-label="Reasons">
        {member && <MemberReasons member={member} kind={kind} />}
      </section>
    </div>
  );
}

/** Why the member picked has each bit, in words. */
function MemberReasons({ member, kind }: { member: MemberPermissions; kind: ItemKind }) {
  return (
    <>
      <h3 className="who-reasons-heading">Why {member.full_name || member.username} has these permissions</h3>
      <ul>
        {memberReasons(member, kind).map((sentence, i) => (
          <li key={i}>{sentence}</li>
        ))}
      </ul>
    </>
  );
}
