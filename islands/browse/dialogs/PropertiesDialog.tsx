/**
 * Edit properties (documentation §2, §4): the Properties tab (name, description, and the following
 * fields: Favourite, Subscribe and its options — ./FollowFields.tsx), the Permissions
 * tab, which holds <rb-permission-editor> and is hidden without 'Edit Permissions' or in read-only
 * mode (no Write), the Who can access tab beside it (./WhoCanAccessTab.tsx, issue #33: each member's
 * bits and why, following the Permissions tab's unsaved changes), the Assignments tab (./AssignmentsTab.tsx: the item's assignments, and Add
 * Assignment with the action table's `assign`), and for a checklist the Share tab (./ShareTab.tsx: its
 * share links, with the table's `share`; changed at once, not by Save), and for a checklist the Schedule tab beside
 * Assignments (./ScheduleTab.tsx, issue #44: its schedules, New schedule, Delete; changed at once too). Save sends what changed — the properties, then the ACL,
 * then the following (favourite and subscription calls; both lists read again) — and shows
 * '{Folder|Document}: {name} Successfully Edited'. Read-only, only the following can change, and Save
 * appears once it has. Save and Cancel sit in the dialog's footer (Save
 * submits the form by its id), so they stay in view while the body scrolls.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlInput from '@shoelace-style/shoelace/dist/react/input/index.js';
import { useId, useState } from 'react';
import type { PermissionEntry } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import { MAX_NAME_LENGTH, type ListedItem } from '../../../src/shared/api/documentation.ts';
import { offersShareLinks, propertiesAccess } from '../offered-actions.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { useTask } from '../../shared/use-task.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { FollowFields } from './FollowFields.tsx';
import { saveProperties } from './properties-save.ts';
import { PropertiesTabs } from './PropertiesTabs.tsx';
import { useFollowing } from './use-following.ts';

interface Props {
  item: ListedItem;
  /** The organisation's root folder: its name is the organisation's (not edited here); its Permissions tab says what the root's entries mean. */
  root?: boolean;
  onSaved: (item: ListedItem) => void;
  onClosed: () => void;
}

export function PropertiesDialog({ item, root = false, onSaved, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const formId = useId();
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description);
  const [entries, setEntries] = useState<PermissionEntry[] | undefined>();
  // The tab shown: on Share (made at once, nothing to save) the footer offers Close alone (issue #43).
  const [shown, setShown] = useState('properties');
  const { busy, error, run } = useTask();
  const { readOnly, permissionsTab } = propertiesAccess(item);
  // A checklist's schedules of recurring checks (issue #44), beside its assignments.
  const offers = { permissions: permissionsTab, schedule: item.kind === 'document' && item.doctype === 'form', share: offersShareLinks(item) };
  /** Share and Schedule change at once (nothing to save): the footer offers Close alone there. */
  const atOnce = shown === 'share' || shown === 'schedule';
  const propertiesChanged = name !== item.name || description !== item.description;
  const { known, follow, setChosen, calls } = useFollowing(item);
  const changed = (!readOnly && (propertiesChanged || entries !== undefined)) || calls.length > 0;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy || !changed) return;
    await run(async () => {
      await saveProperties(item, { name, description, entries, calls, readOnly });
      showAlert('success', messages.edited(item.kind, name));
      onSaved(item);
      close();
    });
  }

  const properties = (
    <>
      <SlInput label="Name" name="name" value={name} readonly={readOnly || root} maxlength={MAX_NAME_LENGTH} onSlInput={(e) => setName((e.target as HTMLInputElement).value)} />
      <DescriptionField value={description} readonly={readOnly} onChange={setDescription} />
      <FollowFields item={item} value={follow} known={known} onChange={setChosen} />
    </>
  );

  return (
    <Dialog label={`${messages.kindWord(item.kind)} Properties`} open={open} busy={busy} onClose={close} onClosed={onClosed} className="properties-dialog">
      <form id={formId} className="dialog-form" onSubmit={save}>
        <PropertiesTabs item={item} root={root} offers={offers} properties={properties} shown={shown} onShown={setShown} entries={entries} onEntries={setEntries} />
        <ErrorBanner detail={error} />
      </form>
      {/* In the dialog's footer, Save and Cancel stay in view however long the Permissions tab grows. */}
      <div slot="footer" className="dialog-actions">
        <SlButton onClick={close} disabled={busy}>
          {readOnly || (atOnce && !changed) ? 'Close' : 'Cancel'}
        </SlButton>
        {(!readOnly || calls.length > 0) && !(atOnce && !changed) && (
          <SlButton type="submit" form={formId} variant="primary" loading={busy} disabled={!changed}>
            Save
          </SlButton>
        )}
      </div>
    </Dialog>
  );
}
