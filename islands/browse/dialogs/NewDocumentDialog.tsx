/**
 * New document (documentation §2, §4, §5): a name (required), a kind — Presentation, Checklist, Result
 * Sheet or Report (required) — and an optional description. 'Document Created.' then its editor. The spec's
 * dialog names the first three only; Report is offered too, or no one could make the report the spec
 * describes (issue #32; docs/decisions.md "A report can be created").
 */
import SlInput from '@shoelace-style/shoelace/dist/react/input/index.js';
import SlRadio from '@shoelace-style/shoelace/dist/react/radio/index.js';
import SlRadioGroup from '@shoelace-style/shoelace/dist/react/radio-group/index.js';
import { useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import { MAX_NAME_LENGTH, type Doctype } from '../../../src/shared/api/documentation.ts';
import { editPath } from '../../../src/shared/page-addresses.ts';
import { DOCTYPE_LABELS } from '../../../src/shared/item-kinds.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { useTask } from '../../shared/use-task.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';

const KINDS = ['presentation', 'form', 'sheet', 'report'] as const satisfies readonly Doctype[];

export function NewDocumentDialog({ folderId, onClosed }: { folderId: string; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const [name, setName] = useState('');
  const [doctype, setDoctype] = useState<Doctype | ''>('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useTask();
  const complete = name.trim() !== '' && doctype !== '';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete || busy) return;
    await run(
      async () => {
        const document = await api.documentation.createDocument({ folder_id: folderId, name, doctype, description });
        showAlertAfterNavigation('success', messages.documentCreated);
        navigate(editPath(document.id));
      },
      { leaves: true },
    );
  }

  return (
    <Dialog label="New document" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <form className="dialog-form" onSubmit={submit}>
        <SlInput label="Name" name="name" required value={name} maxlength={MAX_NAME_LENGTH} data-autofocus onSlInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <SlRadioGroup label="Kind" name="doctype" required value={doctype} onSlChange={(e) => setDoctype((e.target as HTMLInputElement).value as Doctype)}>
          {KINDS.map((kind) => (
            <SlRadio key={kind} value={kind}>
              {DOCTYPE_LABELS[kind]}
            </SlRadio>
          ))}
        </SlRadioGroup>
        <DescriptionField value={description} onChange={setDescription} />
        <ErrorBanner detail={error} />
        <DialogButtons action="Create" busy={busy} disabled={!complete} onCancel={close} />
      </form>
    </Dialog>
  );
}
