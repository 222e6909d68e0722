/**
 * The webhook form's buttons (Save or Register, Cancel; for a saved one Send Test Event, Rotate, Delete) and the
 * confirmation that Rotate and Delete ask for (issue #34).
 */
import { webhooksPath } from '../shared/admin-paths.ts';
import { messages } from './messages.ts';
import type { Confirming } from './use-webhook-form.ts';

type Props = {
  saved: boolean;
  busy: boolean;
  onSendTest: () => void;
  onConfirm: (what: Confirming) => void;
};

export function WebhookActions({ saved, busy, onSendTest, onConfirm }: Props) {
  return (
    <div className="admin-actions">
      <button type="submit" className="button" disabled={busy}>
        {busy ? messages.saving : saved ? messages.save : messages.register}
      </button>
      <a className="button secondary" href={webhooksPath}>
        {messages.cancel}
      </a>
      {saved && (
        <>
          <button type="button" className="button secondary" disabled={busy} onClick={onSendTest}>
            {messages.sendTest}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={() => onConfirm('rotate')}>
            {messages.rotate}
          </button>
          <button type="button" className="button danger admin-actions-end" disabled={busy} onClick={() => onConfirm('delete')}>
            {messages.delete}
          </button>
        </>
      )}
    </div>
  );
}

export function WebhookConfirm({ confirming, onConfirmed, onCancel }: { confirming: 'rotate' | 'delete'; onConfirmed: () => void; onCancel: () => void }) {
  const rotating = confirming === 'rotate';
  return (
    <div className="admin-actions webhook-confirm" role="group" aria-label={rotating ? messages.rotate : messages.delete}>
      <p>{rotating ? messages.rotateConfirm : messages.deleteConfirm}</p>
      <button type="button" className={rotating ? 'button' : 'button danger'} onClick={onConfirmed}>
        {rotating ? messages.rotate : messages.delete}
      </button>
      <button type="button" className="button secondary" onClick={onCancel}>
        {messages.cancel}
      </button>
    </div>
  );
}
