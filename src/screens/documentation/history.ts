/**
 * Version history of a document (documentation §2 "History"): `/documentation/{id}/history`. A table
 * Version, Created At, Created By, Changelog, View, newest first, every page of the history (100 per
 * call, documentation §9). The newest row's View opens the viewer of the latest version, older rows
 * `/documentation/view/{id}/version/{n}`. A load failure is an error state with the server's detail
 * (documentation §8).
 */
import type { Document, HistoryEntry } from '../../shared/api/documentation.ts';
import { api } from '../../client/api.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { viewPath } from '../../shared/page-addresses.ts';
import { pathSegment } from '../../client/addresses.ts';
import { allPages } from '../../client/all-pages.ts';
import { folderCrumbs, HOME_CRUMBS, renderBreadcrumbs } from './breadcrumbs.ts';
import { failureText } from './failure.ts';
import { cell } from './table-cell.ts';
import { element } from '../../client/dom.ts';

export const historyTitle = (name: string): string => `History of ${name}`;

/** The page's first reads (its page data's `document` and `history`, the history's first page), settled. */
export const historyReads = (id: string) =>
  Promise.allSettled([api.documentation.document(id, 'document'), allPages((page) => api.documentation.history(id, page, page.skip === 0 ? 'history' : undefined))]);

export async function mountHistory(): Promise<void> {
  const id = pathSegment(1); // /documentation/{id}/history
  // The document (with the root's id) and its history leave together with auth/me (one API level).
  const {
    data: [doc, history],
  } = await signedInPage(() => historyReads(id));
  element('history-status').textContent = '';
  if (doc.status === 'fulfilled') {
    const title = historyTitle(doc.value.name);
    setPageName(title);
    element('history-heading').textContent = title;
    const crumbs = folderCrumbs(doc.value.path, doc.value.root_id);
    renderBreadcrumbs(element('breadcrumbs'), [...crumbs, { label: doc.value.name, href: viewPath(doc.value.id) }]);
  }
  const failed = doc.status === 'rejected' ? doc : history.status === 'rejected' ? history : undefined;
  if (failed) {
    if (doc.status === 'rejected') renderBreadcrumbs(element('breadcrumbs'), HOME_CRUMBS);
    element('history-error').replaceChildren(failureText(failed.reason));
    return;
  }
  if (doc.status === 'fulfilled' && history.status === 'fulfilled') renderRows(doc.value, history.value);
}

function renderRows(doc: Document, entries: HistoryEntry[]): void {
  const rows = [...entries].sort((a, b) => b.version - a.version);
  const newest = rows[0]?.version;
  element('history-rows').replaceChildren(
    ...rows.map((entry) => {
      const row = document.createElement('tr');
      row.setAttribute('role', 'row');
      const version = cell('Version', String(entry.version), 'th');
      version.scope = 'row';
      const view = document.createElement('a');
      view.href = entry.version === newest ? viewPath(doc.id) : viewPath(doc.id, entry.version);
      view.textContent = 'View';
      view.setAttribute('aria-label', `View version ${entry.version}`);
      const changelog = cell('Changelog', entry.changelog);
      changelog.className = 'history-changelog';
      row.append(
        version,
        cell('Created At', timeElement(entry.created_at, formatDateTime(entry.created_at))),
        cell('Created By', entry.created_by_username ?? ''),
        changelog,
        cell('View', view),
      );
      return row;
    }),
  );
  element('history-table').hidden = false;
}
