/** The signing secret, shown once after registering or rotating (issue #34), with Copy. */
import { formatDateTime } from '../../../src/client/time-format.ts';
import { messages } from './messages.ts';

export function WebhookSecret({ ids, secret, oldSecretExpiresAt }: { ids: string; secret: string; oldSecretExpiresAt: string | null | undefined }) {
  return (
    <section className="card admin-section webhook-secret" aria-labelledby={`${ids}-secret`}>
      <h2 id={`${ids}-secret`}>{messages.secretTitle}</h2>
      <p className="hint">{messages.secretOnce}</p>
      {oldSecretExpiresAt && (
        <p className="hint" data-testid="webhook-old-secret-until">
          {messages.oldSecretUntil(formatDateTime(oldSecretExpiresAt))}
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
  );
}
