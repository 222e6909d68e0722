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
import SlTab from '@shoelace-style/shoelace/dist/react/tab/index.js';
import SlTabGroup from '@shoelace-style/shoelace/dist/react/tab-group/index.js';
import type SlTabGroupElement from '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js';
import SlTabPanel from '@shoelace-style/shoelace/dist/react/tab-panel/index.js';
import SlTextarea from '@shoelace-style/shoelace/dist/react/textarea/index.js';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PermissionEntry } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import {
  $favourites,
  $subscriptions,
  isFavourite,
  loadFavourites,
  loadSubscriptions,
  refetchFollowed,
  subscriptionOf,
} from '../../../src/client/stores/favourites.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, type ListedItem } from '../../../src/shared/api/documentation.ts';
import { offersShareLinks, propertiesAccess } from '../offered-actions.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { AssignmentsTab } from './AssignmentsTab.tsx';
import { FollowFields } from './FollowFields.tsx';
import { followCalls, NOT_FOLLOWED, type FollowCall, type FollowState } from './follow-fields-state.ts';
import { PermissionsTab } from './PermissionsTab.tsx';
import { ScheduleTab } from './ScheduleTab.tsx';
import { ShareTab } from './ShareTab.tsx';

const WhoCanAccessTab = lazy(() => import('./WhoCanAccessTab.tsx').then((m) => ({ default: m.WhoCanAccessTab })));

/** Runs one following call. */
function run(item: ListedItem, step: FollowCall): Promise<unknown> {
  switch (step.call) {
    case 'favourite':
      return api.informed.favourite(item.kind, item.id);
    case 'unfavourite':
      return api.informed.unfavourite(item.kind, item.id);
    case 'subscribe':
      return api.informed.subscribe(item.kind, item.id, step.options);
    case 'unsubscribe':
      return api.informed.unsubscribe(item.kind, item.id);
  }
}

interface Props {
  item: ListedItem;
  /** The organisation's root folder: its name is the organisation's (not edited here); its Permissions tab says what the root's entries mean. */
  root?: boolean;
  onSaved: (item: ListedItem) => void;
  onClosed: () => void;
}

export function PropertiesDialog({ item, root = false, onSaved, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  // The group picks its first tab itself, but on a quick reopen that can come before its tabs exist and
  // leave no panel shown: once it has rendered, the Properties tab is shown if none is.
  const tabs = useRef<SlTabGroupElement>(null);
  useEffect(() => {
    void customElements.whenDefined('sl-tab-group').then(async () => {
      const group = tabs.current;
      if (!group) return;
      await group.updateComplete;
      if (!group.querySelector('sl-tab[active]')) group.show('properties');
    });
  }, []);
  const formId = useId();
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description);
  const [entries, setEntries] = useState<PermissionEntry[] | undefined>();
  // Who can access reads the members only once its tab has been shown.
  const [whoShown, setWhoShown] = useState(false);
  // The tab shown: on Share (made at once, nothing to save) the footer offers Close alone (issue #43).
  const [shown, setShown] = useState('properties');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { readOnly, permissionsTab: showPermissions } = propertiesAccess(item);
  const showShare = offersShareLinks(item);
  // A checklist's schedules of recurring checks (issue #44), beside its assignments.
  const showSchedule = item.kind === 'document' && item.doctype === 'form';
  /** Share and Schedule change at once (nothing to save): the footer offers Close alone there. */
  const atOnce = shown === 'share' || shown === 'schedule';
  const propertiesChanged = name !== item.name || description !== item.description;

  // What the person follows now (both lists, read once per page), and what they chose here.
  const favourites = useStore($favourites);
  const subscriptions = useStore($subscriptions);
  useEffect(() => {
    loadFavourites().catch(() => undefined);
    loadSubscriptions().catch(() => undefined);
  }, []);
  const known = favourites !== null && subscriptions !== null;
  const following = useMemo<FollowState>(() => {
    const subscription = subscriptionOf(subscriptions, item);
    return {
      favourite: isFavourite(favourites, item),
      subscribed: subscription !== undefined,
      options: subscription?.subscription_options ?? NOT_FOLLOWED.options,
    };
  }, [favourites, subscriptions, item]);
  const [chosen, setChosen] = useState<FollowState | undefined>();
  const follow = chosen ?? following;
  const calls = known ? followCalls(following, follow) : [];
  const changed = (!readOnly && (propertiesChanged || entries !== undefined)) || calls.length > 0;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy || !changed) return;
    setBusy(true);
    setError('');
    try {
      if (propertiesChanged && !readOnly) {
        const body = { version: item.version, ...(name !== item.name ? { name } : {}), ...(description !== item.description ? { description } : {}) };
        if (item.kind === 'folder') await api.documentation.updateFolder(item.id, body);
        else await api.documentation.updateDocument(item.id, body);
      }
      if (entries && !readOnly) await api.documentation.replaceAcl(item.kind, item.id, entries);
      if (calls.length > 0) {
        for (const step of calls) await run(item, step);
        await refetchFollowed();
      }
      showAlert('success', messages.edited(item.kind, name));
      onSaved(item);
      close();
    } catch (err) {
      setError(problemText(err, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  }

  const properties = (
    <>
      <SlInput label="Name" name="name" value={name} readonly={readOnly || root} maxlength={MAX_NAME_LENGTH} onSlInput={(e) => setName((e.target as HTMLInputElement).value)} />
      <SlTextarea
        label="Description"
        name="description"
        value={description}
        readonly={readOnly}
        rows={3}
        maxlength={MAX_DESCRIPTION_LENGTH}
        onSlInput={(e) => setDescription((e.target as HTMLTextAreaElement).value)}
      />
      <FollowFields item={item} value={follow} known={known} onChange={setChosen} />
    </>
  );

  return (
    <Dialog label={`${messages.kindWord(item.kind)} Properties`} open={open} onClose={() => !busy && close()} onClosed={onClosed} className="properties-dialog">
      <form id={formId} className="dialog-form" onSubmit={save}>
        <SlTabGroup
          ref={tabs}
          noScrollControls
          onSlTabShow={(e) => {
            if (e.detail.name === 'who-can-access') setWhoShown(true);
            setShown(e.detail.name);
          }}
        >
          <SlTab slot="nav" panel="properties">
            Properties
          </SlTab>
          {showPermissions && (
            <SlTab slot="nav" panel="permissions">
              Permissions
            </SlTab>
          )}
          {showPermissions && (
            <SlTab slot="nav" panel="who-can-access">
              Who can access
            </SlTab>
          )}
          <SlTab slot="nav" panel="assignments">
            Assignments
          </SlTab>
          {showSchedule && (
            <SlTab slot="nav" panel="schedule">
              Schedule
            </SlTab>
          )}
          {showShare && (
            <SlTab slot="nav" panel="share">
              Share
            </SlTab>
          )}
          <SlTabPanel name="properties">{properties}</SlTabPanel>
          {showPermissions && (
            <SlTabPanel name="permissions">
              <PermissionsTab kind={item.kind} id={item.id} root={root} onChange={setEntries} />
            </SlTabPanel>
          )}
          {showPermissions && (
            <SlTabPanel name="who-can-access">
              {whoShown && (
                <Suspense fallback={null}>
                  <WhoCanAccessTab kind={item.kind} id={item.id} name={item.name} proposed={entries} />
                </Suspense>
              )}
            </SlTabPanel>
          )}
          <SlTabPanel name="assignments">
            <AssignmentsTab item={item} />
          </SlTabPanel>
          {showSchedule && <SlTabPanel name="schedule">{shown === 'schedule' && <ScheduleTab item={item} />}</SlTabPanel>}
          {showShare && (
            <SlTabPanel name="share">
              <ShareTab documentId={item.id} documentName={item.name} />
            </SlTabPanel>
          )}
        </SlTabGroup>
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
