/**
 * The page addresses a first paint links to, built the same way in the browser (src/client/addresses.ts,
 * which re-exports them) and on the server (src/server/http/first-paint/).
 */
const seg = encodeURIComponent;

export const browsePath = (folderId?: string | null): string =>
  folderId ? `/documentation/browse/${seg(folderId)}` : '/documentation/browse';
/** The viewer of the latest version, or of version `version`. */
export const viewPath = (id: string, version?: number): string =>
  version === undefined ? `/documentation/view/${seg(id)}` : `/documentation/view/${seg(id)}/version/${version}`;
/** Where a listed item opens: a folder in the browser, a document in its viewer. */
export const itemPath = (item: { kind: 'folder' | 'document'; id: string }): string =>
  item.kind === 'folder' ? browsePath(item.id) : viewPath(item.id);
