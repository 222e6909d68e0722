/**
 * What the Properties dialog's Save sends (documentation §2, §4): the properties that changed, then the ACL, then
 * the following calls (favourite and subscription; both lists read again).
 */
import type { PermissionEntry } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import { api } from '../../../src/client/api.ts';
import { refetchFollowed } from '../../../src/client/stores/favourites.ts';
import type { ListedItem } from '../../../src/shared/api/documentation.ts';
import type { FollowCall } from './follow-fields-state.ts';

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

interface PropertiesChanges {
  name: string;
  description: string;
  /** The Permissions tab's entries, once changed there. */
  entries: PermissionEntry[] | undefined;
  calls: FollowCall[];
  /** Read-only (no Write): only the following is sent. */
  readOnly: boolean;
}

export async function saveProperties(item: ListedItem, { name, description, entries, calls, readOnly }: PropertiesChanges): Promise<void> {
  const propertiesChanged = name !== item.name || description !== item.description;
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
}
