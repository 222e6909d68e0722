/**
 * The global search box of the top bar (SignedInLayout.astro; accounts §2 shared layout, documentation §2
 * Search): a GET form to /documentation/search?q=…, an icon linking there below 600 px, left out of the
 * search page itself. On a folder's browser page it also carries that folder (`folder={id}`), so the
 * search page can offer 'Only in current folder'.
 */
import { searchPath } from '../../shared/page-addresses.ts';
import { currentFolderOf } from './search-box-folder.ts';

export function mountSearchBox(): void {
  const folderField = document.getElementById('topbar-search-folder') as HTMLInputElement | null;
  const icon = document.getElementById('topbar-search-icon') as HTMLAnchorElement | null;
  const folder = currentFolderOf(location.pathname);
  if (!folder) return;
  if (folderField) {
    folderField.value = folder;
    folderField.disabled = false;
  }
  if (icon) icon.href = searchPath({ folder });
}
