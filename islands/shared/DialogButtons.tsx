/**
 * The footer of an island's Shoelace dialog: Cancel (held while busy) and the one action, spinning while
 * busy — a button that runs `onAction`, or without it the submit button of the dialog's form.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';

interface Props {
  action: string;
  busy: boolean;
  onCancel: () => void;
  onAction?: () => void;
  variant?: 'primary' | 'danger';
  disabled?: boolean;
  cancel?: string;
}

export function DialogButtons({ action, busy, onCancel, onAction, variant = 'primary', disabled = false, cancel = 'Cancel' }: Props) {
  return (
    <div className="dialog-actions">
      <SlButton onClick={onCancel} disabled={busy}>
        {cancel}
      </SlButton>
      <SlButton type={onAction ? 'button' : 'submit'} variant={variant} disabled={disabled} loading={busy} onClick={onAction}>
        {action}
      </SlButton>
    </div>
  );
}
