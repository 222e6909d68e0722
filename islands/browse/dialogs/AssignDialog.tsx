/**
 * Assign (documentation §2 Folder browser dialogs "assignments"; §5 "Assignment needs an assignee
 * chosen"; §8): the assignee — the organisation, a role or a user, from auth/acl-subjects — and notes.
 * Assign stays disabled until an assignee is chosen. The action (src/client/stores/assignments.ts) shows
 * the confirmation or 'Something went wrong with your assignment creation', which the dialog also shows
 * while it stays open.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useEffect, useId, useState } from 'react';
import { api, ApiError } from '../../../src/client/api.ts';
import { ASSIGNEE_GROUPS, assign, assigneeOf, assigneeValue, assignMessages } from '../../../src/client/stores/assignments.ts';
import type { AclSubject } from '../../../src/shared/api/documentation.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import type { FollowSubject } from '../follow.ts';
import { ErrorBanner } from './ErrorBanner.tsx';

interface Props {
  item: FollowSubject;
  onClosed: () => void;
}

export function AssignDialog({ item, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const id = useId();
  const [subjects, setSubjects] = useState<AclSubject[] | undefined>();
  const [assignee, setAssignee] = useState('');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    api.documentation.aclSubjects().then(
      (list) => live && setSubjects(list.results),
      (err: unknown) => live && setError(`Something went wrong: ${err instanceof ApiError ? err.detail : String(err)}`),
    );
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation(); // opened from the Properties dialog's form, it must not submit that one
    const chosen = subjects && assigneeOf(subjects, assignee);
    if (!chosen || busy) return;
    setBusy(true);
    setError('');
    const made = await assign(item, chosen, notes.trim());
    setBusy(false);
    if (made) close();
    else setError(assignMessages.failed);
  }

  return (
    <Dialog label={`Assign ${item.name}`} open={open} onClose={() => !busy && close()} onClosed={onClosed}>
      <form className="dialog-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-assignee`}>Assign to</label>
          <select id={`${id}-assignee`} value={assignee} required data-autofocus onChange={(e) => setAssignee(e.target.value)}>
            <option value="">Choose who…</option>
            {ASSIGNEE_GROUPS.map(({ type, label }) => {
              const members = subjects?.filter((s) => s.type === type) ?? [];
              return (
                members.length > 0 && (
                  <optgroup key={type} label={label}>
                    {members.map((s) => (
                      <option key={s.id} value={assigneeValue(s)}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                )
              );
            })}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-notes`}>Notes</label>
          <textarea id={`${id}-notes`} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <ErrorBanner detail={error} />
        <div className="dialog-actions">
          <SlButton onClick={close} disabled={busy}>
            Cancel
          </SlButton>
          <SlButton type="submit" variant="primary" loading={busy} disabled={!assignee}>
            Assign
          </SlButton>
        </div>
      </form>
    </Dialog>
  );
}
