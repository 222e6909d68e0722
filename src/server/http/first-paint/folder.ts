/**
 * The folder page's first paint in its first HTML (issue #31): when the shell of /documentation/browse or
 * /documentation/browse/{folderId} is served with its first data (../page-data.ts), the folder and the
 * first page of its contents are among the answers, and the picture the page's script would draw from them
 * (src/shared/first-paint/folder.ts: breadcrumbs, heading, sort button, description, the first tiles, in
 * the island's own elements) is written into the page's `#folder-preview`, and the page is shown
 * (./reveal.ts). So the folder paints with the HTML, before any module has run; the page's script
 * draws the same picture again when its read (taken from these answers) arrives, and the island takes
 * its place as it does without it.
 *
 * What the server cannot know it takes by default: the sort (the remembered one is the browser's: a page
 * sorted otherwise reads and draws again), the window (`FIRST_HTML_TILES` tiles, a first screen on a
 * phone and on most desktops) and the time zone and language of the dates (UTC, the server's language;
 * the island writes them in the browser's).
 */
import type { RouteMatch } from '../../../routes.ts';
import { ROOT, type Folder, type ListedItem } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import { DEFAULT_SORT_KEY, pageReadsOf } from '../../../shared/page-data-reads.ts';
import { dateTimeText } from '../../../shared/date-time.ts';
import { folderPreviewMarkup, sortLabel } from '../../../shared/first-paint/folder.ts';
import type { PageAnswers } from '../../../shared/page-data.ts';
import { REVEAL_PAGE } from './reveal.ts';
import type { ShellEdits } from './shell-edits.ts';

/** The folder pages' routes (src/routes.ts), whose first two reads are the folder and its contents. */
const FOLDER_ROUTES = new Set(['/documentation/browse', '/documentation/browse/:folderId']);
/** How many tiles the first HTML holds (the page's script draws as many as its window shows). */
export const FIRST_HTML_TILES = 24;

/** THE date and time (src/shared/date-time.ts), in UTC: the server does not know the reader's zone. */
const dateText = (iso: string): string => dateTimeText(iso, 'UTC');

/** The folder drawn in the shell's picture element (`#folder-preview`), when `match` is a folder page and both its reads were answered. */
export function folderPaint(match: RouteMatch, answers: PageAnswers): ShellEdits {
  if (!FOLDER_ROUTES.has(match.route.pattern)) return {};
  const [folderAddress, contentsAddress] = pageReadsOf(match.route.pattern, match.params);
  const folder = answers[folderAddress!];
  const contents = answers[contentsAddress!];
  if (folder?.status !== 200 || contents?.status !== 200) return {};
  const opened = folder.body as Folder;
  const items = (contents.body as List<ListedItem>).results;
  const picture = folderPreviewMarkup({ folder: opened, rootId: opened.root_id ?? ROOT, items }, sortLabel(DEFAULT_SORT_KEY), FIRST_HTML_TILES, dateText);
  return { ...REVEAL_PAGE, '#folder-preview': { content: picture } };
}
