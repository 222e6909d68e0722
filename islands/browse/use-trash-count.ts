/**
 * The trash bin's count for an org admin (documentation §2), read again whenever an item of the folder changes;
 * `changed` reloads the folder, the count, and tells the folder trees when a folder changed.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../src/client/api.ts';
import { announceFoldersChanged } from '../../src/client/folders-changed.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import { ROOT, type Folder } from '../../src/shared/api/documentation.ts';

export function useTrashCount(user: CurrentUser, folder: Folder | undefined, reload: () => void) {
  const [trashCount, setTrashCount] = useState<number | undefined>();

  const refreshTrash = useCallback(() => {
    if (!user.is_org_admin || !folder) return;
    api.documentation
      .trash(folder.parent_id === null ? ROOT : folder.id, { limit: 1 })
      .then((page) => setTrashCount(page.total))
      .catch(() => setTrashCount(undefined));
  }, [user.is_org_admin, folder]);
  useEffect(refreshTrash, [refreshTrash]);

  const changed = useCallback(
    (item?: { kind: string }) => {
      reload();
      refreshTrash();
      if (!item || item.kind === 'folder') announceFoldersChanged();
    },
    [reload, refreshTrash],
  );

  return { trashCount, changed };
}
