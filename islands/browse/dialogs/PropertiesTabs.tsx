/**
 * The Properties dialog's tabs (documentation §2, §4): Properties; Permissions and Who can access (with 'Edit
 * Permissions' and Write); Assignments; for a checklist Schedule and Share. Who can access reads the members only
 * once its tab has been shown; Schedule only while shown.
 */
import SlTab from '@shoelace-style/shoelace/dist/react/tab/index.js';
import SlTabGroup from '@shoelace-style/shoelace/dist/react/tab-group/index.js';
import type SlTabGroupElement from '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js';
import SlTabPanel from '@shoelace-style/shoelace/dist/react/tab-panel/index.js';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PermissionEntry } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import type { ListedItem } from '../../../src/shared/api/documentation.ts';
import { AssignmentsTab } from './AssignmentsTab.tsx';
import { PermissionsTab } from './PermissionsTab.tsx';
import { ScheduleTab } from './ScheduleTab.tsx';
import { ShareTab } from './ShareTab.tsx';

const WhoCanAccessTab = lazy(() => import('./WhoCanAccessTab.tsx').then((m) => ({ default: m.WhoCanAccessTab })));

interface Props {
  item: ListedItem;
  root: boolean;
  offers: { permissions: boolean; schedule: boolean; share: boolean };
  /** The Properties tab's fields. */
  properties: ReactNode;
  /** The tab shown, and when another is. */
  shown: string;
  onShown: (name: string) => void;
  /** The Permissions tab's unsaved entries (Who can access follows them). */
  entries: PermissionEntry[] | undefined;
  onEntries: (entries: PermissionEntry[]) => void;
}

/**
 * The group picks its first tab itself, but on a quick reopen that can come before its tabs exist and leave no
 * panel shown: once it has rendered, the Properties tab is shown if none is.
 */
function useFirstTabShown() {
  const tabs = useRef<SlTabGroupElement>(null);
  useEffect(() => {
    void customElements.whenDefined('sl-tab-group').then(async () => {
      const group = tabs.current;
      if (!group) return;
      await group.updateComplete;
      if (!group.querySelector('sl-tab[active]')) group.show('properties');
    });
  }, []);
  return tabs;
}

export function PropertiesTabs({ item, root, offers, properties, shown, onShown, entries, onEntries }: Props) {
  const tabs = useFirstTabShown();
  const [whoShown, setWhoShown] = useState(false);
  return (
    <SlTabGroup
      ref={tabs}
      noScrollControls
      onSlTabShow={(e) => {
        if (e.detail.name === 'who-can-access') setWhoShown(true);
        onShown(e.detail.name);
      }}
    >
      <PropertiesTabNav offers={offers} />
      <SlTabPanel name="properties">{properties}</SlTabPanel>
      {offers.permissions && (
        <SlTabPanel name="permissions">
          <PermissionsTab kind={item.kind} id={item.id} root={root} onChange={onEntries} />
        </SlTabPanel>
      )}
      {offers.permissions && (
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
      {offers.schedule && <SlTabPanel name="schedule">{shown === 'schedule' && <ScheduleTab item={item} />}</SlTabPanel>}
      {offers.share && (
        <SlTabPanel name="share">
          <ShareTab documentId={item.id} documentName={item.name} />
        </SlTabPanel>
      )}
    </SlTabGroup>
  );
}

function PropertiesTabNav({ offers }: { offers: Props['offers'] }) {
  const tabs: [panel: string, label: string, offered: boolean][] = [
    ['properties', 'Properties', true],
    ['permissions', 'Permissions', offers.permissions],
    ['who-can-access', 'Who can access', offers.permissions],
    ['assignments', 'Assignments', true],
    ['schedule', 'Schedule', offers.schedule],
    ['share', 'Share', offers.share],
  ];
  return tabs.map(
    ([panel, label, offered]) =>
      offered && (
        <SlTab key={panel} slot="nav" panel={panel}>
          {label}
        </SlTab>
      ),
  );
}
