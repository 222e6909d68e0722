/**
 * The folder page's first paint in its first HTML (issues #31, #42): when the shell of /documentation/browse
 * or /documentation/browse/{folderId} is served with its first data (../page-data.ts), the folder and the
 * first page of its contents are among the answers, and the browse island's own drawing of them
 * (islands/browse/FolderPage.tsx, built for both sides) is rendered here with react-dom/server into the
 * page's mount point `#browse-folder`, and the page is shown (./reveal.ts). The island hydrates it with the
 * same props (islands/browse/mount.ts): one drawing, not two.
 *
 * What the server cannot know it takes by default, as the island does until it has taken the page over:
 * the sort (the remembered one is the browser's) and the time zone and language of the dates (UTC).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { FolderPage, type FolderPageActions } from '../../../../islands/browse/FolderPage.tsx';
import { DEFAULT_SORT } from '../../../../islands/browse/sort-orders.ts';
import type { RouteMatch } from '../../../routes.ts';
import { ROOT, type Folder, type ListedItem } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import { dateTimeText } from '../../../shared/date-time.ts';
import type { PageAnswers } from '../../../shared/page-data.ts';
import { REVEAL_PAGE } from './reveal.ts';
import type { ShellEdits } from './shell-edits.ts';

/** The folder pages' routes (src/routes.ts), whose reads `folder` and `contents` are the folder and its first page. */
const FOLDER_ROUTES = new Set(['/documentation/browse', '/documentation/browse/:folderId']);

const nothing = () => undefined;
/** The server's drawing is never used: the island brings what it does. */
const NO_ACTIONS: FolderPageActions = { onSort: nothing, onPaste: nothing, onFolderEntry: nothing, onMenu: nothing, onNewFolder: nothing, onNewDocument: nothing };
/** The folder's own menu as the island first draws it (its entries are read when it opens: only the button is drawn). */
const FOLDER_ENTRIES = [{ value: 'print-qr-labels', label: 'Print QR Labels' }];

/** The folder drawn in the shell's mount point (`#browse-folder`), when `match` is a folder page and both its reads were answered. */
export function folderPaint(match: RouteMatch, answers: PageAnswers): ShellEdits {
  if (!FOLDER_ROUTES.has(match.route.pattern)) return {};
  const { folder, contents } = answers;
  if (folder?.status !== 200 || contents?.status !== 200) return {};
  const opened = folder.body as Folder;
  const first = contents.body as List<ListedItem>;
  const drawing = createElement(FolderPage, {
    folder: opened,
    rootId: opened.root_id ?? ROOT,
    items: first.results,
    complete: first.results.length >= first.total,
    sort: DEFAULT_SORT,
    dateText: (iso: string) => dateTimeText(iso, 'UTC'),
    pastable: null,
    folderEntries: FOLDER_ENTRIES,
    actions: NO_ACTIONS,
  });
  return { ...REVEAL_PAGE, '#browse-folder': { content: renderToString(drawing) } };
}
