/**
 * The activity log (/admin/activity-log, accounts §2 "Activity Log: grid of Datetime and Activity; links
 * lead to item, folder, trash, history, user or role pages"): the organisation's events, newest first,
 * 100 a page from the server; each sentence comes from ./activity-wording.ts.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import { activityTotalIsAtLeast, type ActivityEntry } from '../../../src/shared/api/activity.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import { usePageRead } from '../../shared/use-page-read.ts';
import { useServerPage } from '../../shared/use-server-page.ts';
import { describeActivity } from './activity-wording.ts';

/** The first page is also the page's first read (its page data's `activity`, src/shared/page-data-reads.ts). */
export const ACTIVITY_PAGE_SIZE = 100;

const LABEL = 'Activity Log';

const columns: DataGridColumn<ActivityEntry>[] = [
  {
    key: 'datetime',
    header: 'Datetime',
    cell: (entry) => <time dateTime={entry.activity_time}>{formatDateTime(entry.activity_time)}</time>,
  },
  {
    key: 'activity',
    header: 'Activity',
    cell: (entry) => (
      <span className="activity-text">
        {describeActivity(entry).map((part, i) =>
          typeof part === 'string' ? (
            part
          ) : (
            <a key={i} href={part.href} aria-label={part.label}>
              {part.text}
            </a>
          ),
        )}
      </span>
    ),
  },
];

export default function ActivityLog() {
  const [ready, setReady] = useState(false);
  useEffect(() => void signedInUser().then(() => setReady(true)), []);
  return ready ? <ActivityGrid /> : <DataGrid label={LABEL} columns={columns} rows={undefined} rowKey={(e) => e.id} />;
}

function ActivityGrid() {
  const firstRead = usePageRead('activity');
  const fetchPage = useCallback((page: { skip: number; limit: number }) => api.activity(page, firstRead()), [firstRead]);
  const list = useServerPage(fetchPage, ACTIVITY_PAGE_SIZE);
  // A very long log is counted only so far ahead: 'Events: 1,100+'.
  const atLeast = activityTotalIsAtLeast(list.total, list.skip, list.limit);
  return (
    <DataGrid
      label={LABEL}
      className="activity-grid"
      columns={columns}
      rows={list.rows}
      rowKey={(entry) => entry.id}
      loading={list.loading}
      errorText={list.error}
      emptyText="Empty"
      footer={{ label: 'Events', count: list.total, atLeast }}
      paging={list.total > list.limit ? { skip: list.skip, limit: list.limit, total: list.total, totalIsAtLeast: atLeast, onPage: list.setSkip } : undefined}
    />
  );
}
