/** The folder a page shows, for the search box's 'Only in current folder' (pure). */

/** `/documentation/browse/{id}` → id; the browse root and any other page → null (the whole tree is searched anyway). */
export function currentFolderOf(pathname: string): string | null {
  const match = /^\/documentation\/browse\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const id = decodeURIComponent(match[1]!);
  return id === 'root' ? null : id;
}
