/**
 * A webhook's delivery log (issue #34): every attempt, newest first — time, event, status, duration and the
 * first bytes of the answer — with Re-send. A page of 50; Refresh reads it again (and it reads itself
 * again for a few seconds after a test event or a re-send, while their attempts come in).
 */
import { useCallback, useEffect, useState } from 'react';
import { api, problemText } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import type { WebhookAttempt } from '../../../src/shared/api/webhooks.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import { usePageRead } from '../../shared/use-page-read.ts';
import { messages } from './messages.ts';

/** A page of the log; the first is also the edit page's first read (`deliveries`, src/shared/page-data-reads.ts). */
export const DELIVERY_LOG_PAGE = 50;

/** What an attempt came to: its status code, or why there was none. */
export function attemptOutcome(a: WebhookAttempt): string {
  const code = a.status_code === null ? 'No answer' : `${a.status_code}${a.ok ? ' OK' : ''}`;
  return a.error ? `${code}: ${a.error}` : code;
}

export function DeliveryLog({ endpointId, version }: { endpointId: string; version: number }) {
  const [rows, setRows] = useState<WebhookAttempt[] | undefined>();
  const [total, setTotal] = useState(0);
  const [skip, setSkip] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [asked, setAsked] = useState(version);

  // The first read is the page's (its page data's `deliveries`); paging and reading again ask the network.
  const firstRead = usePageRead('deliveries');
  const read = useCallback(async () => {
    try {
      const page = await api.webhooks.deliveries(endpointId, { skip, limit: DELIVERY_LOG_PAGE }, firstRead());
      setRows(page.results);
      setTotal(page.total);
      setError(undefined);
    } catch (err) {
      setError(problemText(err, messages.loadFailed));
    }
  }, [endpointId, skip, firstRead]);

  useEffect(() => void read(), [read]);
  // After a test event or a re-send: read again a few times while its attempt comes in.
  useEffect(() => {
    if (version === 0 && asked === 0) return;
    const timers = [500, 1500, 3500].map((ms) => setTimeout(() => void read(), ms));
    return () => timers.forEach(clearTimeout);
  }, [version, asked, read]);

  async function resend(attempt: WebhookAttempt) {
    try {
      await api.webhooks.resend(endpointId, attempt.delivery_id);
      showAlert('success', messages.resent);
      setAsked((n) => n + 1);
    } catch (err) {
      showAlert('error', problemText(err, messages.loadFailed));
    }
  }

  const columns: DataGridColumn<WebhookAttempt>[] = [
    { key: 'time', header: messages.time, cell: (a) => formatDateTime(a.at) },
    { key: 'event', header: messages.event, cell: (a) => a.event_type },
    { key: 'status', header: messages.status, cell: attemptOutcome, cellData: (a) => ({ 'data-ok': String(a.ok) }) },
    { key: 'duration', header: messages.duration, cell: (a) => `${a.duration_ms} ms` },
    { key: 'answer', header: messages.answer, cell: (a) => <code className="webhook-answer">{a.response_head}</code> },
    {
      key: 'resend',
      header: messages.resend,
      headerHidden: true,
      actions: true,
      cell: (a) => (
        <button type="button" className="button text" onClick={() => void resend(a)} aria-label={`${messages.resend} ${a.event_type} of ${formatDateTime(a.at)}`}>
          {messages.resend}
        </button>
      ),
    },
  ];

  return (
    <section className="admin-section" aria-labelledby="webhook-log-heading">
      <div className="admin-header">
        <h2 id="webhook-log-heading">{messages.log}</h2>
        <button type="button" className="button secondary" onClick={() => void read()}>
          {messages.refresh}
        </button>
      </div>
      <DataGrid
        label={messages.log}
        className="webhook-log"
        columns={columns}
        rows={error ? [] : rows}
        rowKey={(a) => a.id}
        loading={rows === undefined && !error}
        errorText={error}
        emptyText={messages.noAttempts}
        footer={{ label: messages.attempts, count: total }}
        paging={total > DELIVERY_LOG_PAGE ? { skip, limit: DELIVERY_LOG_PAGE, total, onPage: setSkip } : undefined}
      />
    </section>
  );
}
