/** New Folder (documentation §2, §4): name and description; 'Folder {name link} created.' and a refresh. */
import SlInput from '@shoelace-style/shoelace/dist/react/input/index.js';
import { useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import { MAX_NAME_LENGTH } from '../../../src/shared/api/documentation.ts';
import { browsePath } from '../../../src/shared/page-addresses.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { useTask } from '../../shared/use-task.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';

interface Props {
  parentId: string;
  onCreated: () => void;
  onClosed: () => void;
}

export function NewFolderDialog({ parentId, onCreated, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useTask();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const folder = await api.documentation.createFolder({ parent_id: parentId, name, description });
      showAlert('success', messages.folderCreated, undefined, { text: folder.name, href: browsePath(folder.id) });
      onCreated();
      close();
    });
  }

  return (
    <Dialog label="New Folder" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <form className="dialog-form" onSubmit={submit}>
        <SlInput label="Name" name="name" value={name} maxlength={MAX_NAME_LENGTH} data-autofocus onSlInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <DescriptionField value={description} onChange={setDescription} />
        <ErrorBanner detail={error} />
        <DialogButtons action="Create" busy={busy} onCancel={close} />
      </form>
    </Dialog>
  );
}
