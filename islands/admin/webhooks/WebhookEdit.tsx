/**
 * A webhook's page (issue #34; docs/webhooks.md): /admin/webhooks/new registers one, /admin/webhooks/{id}
 * changes one. URL, events, an optional folder subtree, on/off; the signing secret shown once (after
 * registering or rotating) with Copy; Send Test Event; Delete; and the delivery log with Re-send.
 */
import { useId } from 'react';
import { api } from '../../../src/client/api.ts';
import { lastSegment } from '../../../src/client/navigation.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../src/shared/api/webhooks.ts';
import { ROOT } from '../../../src/shared/api/documentation.ts';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { readFolderEntries, type TreeEntry } from '../../shared/FolderTree.tsx';
import { webhooksPath } from '../shared/admin-paths.ts';
import { ReadFirst } from '../shared/ReadFirst.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { messages } from './messages.ts';
import { useWebhookForm } from './use-webhook-form.ts';
import { WebhookActions, WebhookConfirm } from './WebhookActions.tsx';
import { WebhookFolderField } from './WebhookFolderField.tsx';
import { WebhookSecret } from './WebhookSecret.tsx';

/** The tree's top-level entries (islands/shared/FolderTree.tsx), read with the page. */
type FolderChoice = TreeEntry;

/**
 * The top-level folders (the folder tree's first level; deeper ones are read as they open). Its first page
 * is the page's first read `webhookFolders` (src/shared/page-data-reads.ts).
 */
export function folderChoices(): Promise<FolderChoice[]> {
  return readFolderEntries(ROOT, [], 'webhookFolders');
}

export default function WebhookEdit({ mode }: { mode: 'new' | 'edit' }) {
  const read = () =>
    signedInUser()
      .then(() => Promise.all([mode === 'edit' ? api.webhooks.get(lastSegment(), 'webhook') : Promise.resolve(undefined), folderChoices().catch(() => undefined)]))
      .then(([endpoint, folders]) => ({ endpoint, folders }));
  return (
    <ReadFirst read={read} failed={messages.loadFailed} back={{ href: webhooksPath, text: messages.backToWebhooks }}>
      {(page) => <WebhookForm initial={page?.endpoint} folders={page?.folders} />}
    </ReadFirst>
  );
}

function WebhookForm({ initial, folders }: { initial: WebhookEndpoint | undefined; folders: FolderChoice[] | undefined }) {
  const ids = useId();
  const form = useWebhookForm(initial);
  const { endpoint, confirming, error } = form;
  return (
    <>
      {form.secret && <WebhookSecret ids={ids} secret={form.secret} oldSecretExpiresAt={endpoint?.previous_secret_expires_at} />}
      <form className="card admin-form" onSubmit={(e) => void form.save(e)} aria-describedby={error ? `${ids}-error` : undefined}>
        <WebhookUrlField ids={ids} url={form.url} onChange={form.setUrl} />
        <WebhookEventsField ids={ids} events={form.events} onToggle={form.toggle} />
        <WebhookFolderField ids={ids} chosen={form.folder} onChoose={form.setFolder} topFolders={folders} />
        {endpoint && (
          <div className="checkbox-field">
            <input id={`${ids}-enabled`} type="checkbox" checked={form.enabled} onChange={(e) => form.setEnabled(e.target.checked)} />
            <label htmlFor={`${ids}-enabled`}>{messages.onLabel}</label>
          </div>
        )}
        <ErrorText text={error} id={`${ids}-error`} />
        <WebhookActions saved={!!endpoint} busy={form.busy} onSendTest={() => void form.sendTest()} onConfirm={form.setConfirming} />
        {confirming && (
          <WebhookConfirm
            confirming={confirming}
            onConfirmed={() => void (confirming === 'rotate' ? form.rotate() : form.remove())}
            onCancel={() => form.setConfirming(undefined)}
          />
        )}
      </form>
      {endpoint && <DeliveryLog endpointId={endpoint.id} version={form.logVersion} />}
    </>
  );
}

function WebhookUrlField({ ids, url, onChange }: { ids: string; url: string; onChange: (url: string) => void }) {
  return (
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
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="hint" id={`${ids}-url-hint`}>
        {messages.urlHint}
      </p>
    </div>
  );
}

function WebhookEventsField({ ids, events, onToggle }: { ids: string; events: Set<WebhookEventType>; onToggle: (type: WebhookEventType, on: boolean) => void }) {
  return (
    <fieldset className="webhook-events">
      <legend>{messages.eventsLegend}</legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <div className="checkbox-field" key={type}>
          <input id={`${ids}-${type}`} type="checkbox" checked={events.has(type)} onChange={(e) => onToggle(type, e.target.checked)} />
          <label htmlFor={`${ids}-${type}`}>{WEBHOOK_EVENT_LABELS[type]}</label>
        </div>
      ))}
    </fieldset>
  );
}
