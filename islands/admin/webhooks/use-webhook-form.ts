/**
 * The webhook page's form state (issue #34): its fields, the secret shown once, and the actions (save or register,
 * rotate the secret, delete, send a test event), each through `act` (islands/shared/use-task.ts), which holds the
 * buttons and shows the error.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlert, showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '../../../src/shared/api/webhooks.ts';
import { useTask } from '../../shared/use-task.ts';
import { webhookPath, webhooksPath } from '../shared/admin-paths.ts';
import { messages } from './messages.ts';
import type { ChosenFolder } from './WebhookFolderField.tsx';

export type Confirming = 'rotate' | 'delete' | undefined;

/** The form's fields, as the endpoint has them (or a new one's defaults). */
function useWebhookFields(initial: WebhookEndpoint | undefined) {
  const [url, setUrl] = useState(initial?.url ?? 'https://');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(initial?.events ?? ['checklist.submitted']));
  const [folder, setFolder] = useState<ChosenFolder>(initial?.folder_id ? { id: initial.folder_id, name: initial.folder_name ?? initial.folder_id, path: [] } : null);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);

  function toggle(type: WebhookEventType, on: boolean) {
    const next = new Set(events);
    if (on) next.add(type);
    else next.delete(type);
    setEvents(next);
  }

  return { url, setUrl, events, toggle, folder, setFolder, enabled, setEnabled };
}

export function useWebhookForm(initial: WebhookEndpoint | undefined) {
  const fields = useWebhookFields(initial);
  const { busy, error, setError, run: act } = useTask();
  const [endpoint, setEndpoint] = useState(initial);
  const [secret, setSecret] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [logVersion, setLogVersion] = useState(0);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (fields.events.size === 0) return setError(messages.chooseEvent);
    const body = { url: fields.url.trim(), events: WEBHOOK_EVENT_TYPES.filter((t) => fields.events.has(t)), folder_id: fields.folder?.id ?? null };
    if (!endpoint) {
      const created = await act(() => api.webhooks.create(body));
      if (!created) return;
      const { secret: shown, ...rest } = created;
      setEndpoint(rest);
      setSecret(shown);
      history.replaceState(null, '', webhookPath(created.id));
      return;
    }
    const saved = await act(() => api.webhooks.update(endpoint.id, { ...body, enabled: fields.enabled }));
    if (!saved) return;
    setEndpoint(saved);
    fields.setEnabled(saved.enabled);
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

  return { ...fields, endpoint, secret, busy, error, confirming, setConfirming, logVersion, save, rotate, remove, sendTest };
}
