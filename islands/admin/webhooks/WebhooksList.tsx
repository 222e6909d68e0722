/** The webhooks list (/admin/webhooks, org admins; issue #34): each endpoint's address, events, folder and state. */
import { useEffect, useState } from 'react';
import { api, problemText } from '../../../src/client/api.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '../../../src/shared/api/webhooks.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import { webhookPath } from '../shared/admin-paths.ts';
import { messages } from './messages.ts';

/** On, switched off, or failing since a time. */
export function webhookState(endpoint: WebhookEndpoint): string {
  if (!endpoint.enabled) return messages.disabled;
  return endpoint.failing_since ? `${messages.failing} (since ${formatDateTime(endpoint.failing_since)})` : messages.enabled;
}

const columns: DataGridColumn<WebhookEndpoint>[] = [
  { key: 'url', header: messages.url, cell: (e) => <span className="webhook-url">{e.url}</span> },
  { key: 'events', header: messages.events, cell: (e) => e.events.map((t) => WEBHOOK_EVENT_LABELS[t]).join(', ') },
  { key: 'folder', header: messages.folder, cell: (e) => e.folder_name ?? messages.wholeOrganization },
  { key: 'status', header: messages.status, cell: webhookState },
  {
    key: 'edit',
    header: messages.edit,
    cell: (e) => (
      <a href={webhookPath(e.id)} aria-label={`${messages.edit} ${e.url}`}>
        {messages.edit}
      </a>
    ),
  },
];

export default function WebhooksList() {
  const [rows, setRows] = useState<WebhookEndpoint[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void signedInUser()
      .then(() => api.webhooks.list('webhooks'))
      .then(
        (list) => live && setRows(list.results),
        (err: unknown) => live && setError(problemText(err, messages.loadFailed)),
      );
    return () => {
      live = false;
    };
  }, []);
  return (
    <DataGrid
      label={messages.title}
      columns={columns}
      rows={error ? [] : rows}
      rowKey={(e) => e.id}
      loading={rows === undefined && !error}
      errorText={error}
      emptyText={messages.noWebhooks}
      footer={rows ? { label: messages.total, count: rows.length } : undefined}
    />
  );
}
