/**
 * A webhook's page (issue #34; docs/webhooks.md): /admin/webhooks/new registers one, /admin/webhooks/{id}
 * changes one. URL, events, an optional folder subtree, on/off; the signing secret shown once (after
 * registering or rotating) with Copy; Send Test Event; Delete; and the delivery log with Re-send.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { lastSegment, navigate } from '../../../src/client/navigation.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import { showAlert, showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../src/shared/api/webhooks.ts';
import { ROOT } from '../../../src/shared/api/documentation.ts';
import { readFolderEntries, type TreeEntry } from '../../shared/FolderTree.tsx';
import { webhookPath, webhooksPath } from '../shared/admin-paths.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { messages } from './messages.ts';
import { WebhookFolderField, type ChosenFolder } from './WebhookFolderField.tsx';

/** The tree's top-level entries (islands/shared/FolderTree.tsx), read with the page. */
type FolderChoice = TreeEntry;

type Load = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; endpoint: WebhookEndpoint | undefined; folders: FolderChoice[] | undefined };

/**
 * The top-level folders (the folder tree's first level; deeper ones are read as they open). Its first page
 * is the page's first read (src/shared/page-data-reads.ts).
 */
export function folderChoices(): Promise<FolderChoice[]> {
  return readFolderEntries(ROOT, []);
}

export default function WebhookEdit({ mode }: { mode: 'new' | 'edit' }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void signedInUser()
      .then(() => Promise.all([mode === 'edit' ? api.webhooks.get(lastSegment()) : Promise.resolve(undefined), folderChoices().catch(() => undefined)]))
      .then(
        ([endpoint, folders]) => live && setLoad({ status: 'ready', endpoint, folders }),
        (err: unknown) => live && setLoad({ status: 'failed', detail: problemText(err, messages.loadFailed) }),
      );
    return () => {
      live = false;
    };
  }, [mode]);
  if (load.status === 'loading') return <p role="status" className="hint">Loading…</p>;
  if (load.status === 'failed')
    return (
      <div className="card admin-section">
        <p className="error-text" role="alert">
          {load.detail}
        </p>
        <p>
          <a href={webhooksPath}>{messages.backToWebhooks}</a>
        </p>
      </div>
    );
  return <WebhookForm initial={load.endpoint} folders={load.folders} />;
}

function WebhookForm({ initial, folders }: { initial: WebhookEndpoint | undefined; folders: FolderChoice[] | undefined }) {
  const ids = useId();
  const [endpoint, setEndpoint] = useState(initial);
  const [url, setUrl] = useState(initial?.url ?? 'https://');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(initial?.events ?? ['checklist.submitted']));
  const [folder, setFolder] = useState<ChosenFolder>(initial?.folder_id ? { id: initial.folder_id, name: initial.folder_name ?? initial.folder_id, path: [] } : null);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [secret, setSecret] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | undefined>();
  const [logVersion, setLogVersion] = useState(0);

  function toggle(type: WebhookEventType, on: boolean) {
    const next = new Set(events);
    if (on) next.add(type);
    else next.delete(type);
    setEvents(next);
  }

  async function act<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(undefined);
    try {
      return await work();
    } catch (err) {
      setError(problemText(err, SOMETHING_WENT_WRONG));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (events.size === 0) return setError(messages.chooseEvent);
    const body = { url: url.trim(), events: WEBHOOK_EVENT_TYPES.filter((t) => events.has(t)), folder_id: folder?.id ?? null };
    if (!endpoint) {
      const created = await act(() => api.webhooks.create(body));
      if (!created) return;
      const { secret: shown, ...rest } = created;
      setEndpoint(rest);
      setSecret(shown);
      history.replaceState(null, '', webhookPath(created.id));
      return;
    }
    const saved = await act(() => api.webhooks.update(endpoint.id, { ...body, enabled }));
    if (!saved) return;
    setEndpoint(saved);
    setEnabled(saved.enabled);
    showAlert('success', messages.saved);
  }

  async function rotate() {
    if (!endpoint) return;
    setConfirming(undefined);
    const rotated = await act(() => api.webhooks.rotateSecret(endpoint.id));
    if (!rotated) return;
    const { secret: shown, ...rest } = rotated;
    setEndpoint(rest);
    setSecret(shown);
  }

  async function remove() {
    if (!endpoint) return;
    setConfirming(undefined);
    const gone = await act(async () => {
      await api.webhooks.remove(endpoint.id);
      return true;
    });
    if (!gone) return;
    showAlertAfterNavigation('success', messages.deleted);
    navigate(webhooksPath);
  }

  async function sendTest() {
    if (!endpoint) return;
    const sent = await act(() => api.webhooks.test(endpoint.id));
    if (!sent) return;
    showAlert('success', messages.testSent);
    setLogVersion((v) => v + 1);
  }

  return (
    <>
      {secret && (
        <section className="card admin-section webhook-secret" aria-labelledby={`${ids}-secret`}>
          <h2 id={`${ids}-secret`}>{messages.secretTitle}</h2>
          <p className="hint">{messages.secretOnce}</p>
          {endpoint?.previous_secret_expires_at && (
            <p className="hint" data-testid="webhook-old-secret-until">
              {messages.oldSecretUntil(formatDateTime(endpoint.previous_secret_expires_at))}
            </p>
          )}
          <div className="admin-actions">
            <code className="webhook-secret-value" data-testid="webhook-secret">
              {secret}
            </code>
            <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(secret)}>
              Copy
            </button>
          </div>
        </section>
      )}
      <form className="card admin-form" onSubmit={(e) => void save(e)} aria-describedby={error ? `${ids}-error` : undefined}>
        <div className="field">
          <label htmlFor={`${ids}-url`}>{messages.url}</label>
          <input
            id={`${ids}-url`}
            name="url"
            type="url"
            required
            aria-required="true"
            aria-describedby={`${ids}-url-hint`}
            maxLength={MAX_WEBHOOK_URL_LENGTH}
            autoComplete="off"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <p className="hint" id={`${ids}-url-hint`}>
            {messages.urlHint}
          </p>
        </div>
        <fieldset className="webhook-events">
          <legend>{messages.eventsLegend}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <div className="checkbox-field" key={type}>
              <input id={`${ids}-${type}`} type="checkbox" checked={events.has(type)} onChange={(e) => toggle(type, e.target.checked)} />
              <label htmlFor={`${ids}-${type}`}>{WEBHOOK_EVENT_LABELS[type]}</label>
            </div>
          ))}
        </fieldset>
        <WebhookFolderField ids={ids} chosen={folder} onChoose={setFolder} topFolders={folders} />
        {endpoint && (
          <div className="checkbox-field">
            <input id={`${ids}-enabled`} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            <label htmlFor={`${ids}-enabled`}>{messages.onLabel}</label>
          </div>
        )}
        {error && (
          <p className="error-text" role="alert" id={`${ids}-error`}>
            {error}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? messages.saving : endpoint ? messages.save : messages.register}
          </button>
          <a className="button secondary" href={webhooksPath}>
            {messages.cancel}
          </a>
          {endpoint && (
            <>
              <button type="button" className="button secondary" disabled={busy} onClick={() => void sendTest()}>
                {messages.sendTest}
              </button>
              <button type="button" className="button secondary" disabled={busy} onClick={() => setConfirming('rotate')}>
                {messages.rotate}
              </button>
              <button type="button" className="button danger admin-actions-end" disabled={busy} onClick={() => setConfirming('delete')}>
                {messages.delete}
              </button>
            </>
          )}
        </div>
        {confirming && (
          <div className="admin-actions webhook-confirm" role="group" aria-label={confirming === 'rotate' ? messages.rotate : messages.delete}>
            <p>{confirming === 'rotate' ? messages.rotateConfirm : messages.deleteConfirm}</p>
            <button
              type="button"
              className={confirming === 'rotate' ? 'button' : 'button danger'}
              onClick={() => void (confirming === 'rotate' ? rotate() : remove())}
            >
              {confirming === 'rotate' ? messages.rotate : messages.delete}
            </button>
            <button type="button" className="button secondary" onClick={() => setConfirming(undefined)}>
              {messages.cancel}
            </button>
          </div>
        )}
      </form>
      {endpoint && <DeliveryLog endpointId={endpoint.id} version={logVersion} />}
    </>
  );
}
