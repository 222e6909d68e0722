/**
 * The id of the organisation's root folder. Breadcrumbs show the root as 'Documentation' (the folder
 * browser's root), so the root's own step is left out of a document's path or a folder's ancestors.
 * Asked for once per page; null when the caller may not Read the root (then no step is the root).
 */
import { api } from './api.ts';
import { ROOT } from './addresses.ts';

let rootId: Promise<string | null> | undefined;

export function rootFolderId(): Promise<string | null> {
  rootId ??= api.documentation.folder(ROOT).then(
    (root) => root.id,
    () => null,
  );
  return rootId;
}
