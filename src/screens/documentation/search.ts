/**
 * Advanced search (documentation §2 Search): `/documentation/search`. Text, 'Only in current folder' (the
 * folder the person came from: `?folder=` set by the top bar's box on a folder's page), types, created
 * and modified date ranges; the results grid Name, Created, Modified, Folder, Type sorted by Type
 * ascending (the API's relevance order within a type). A row's name opens /documentation/view/{id}, or
 * /documentation/browse/{id} for a folder. The search lives in the address (search-address.ts): it can be
 * shared and reloaded, and Back returns to the previous search.
 */
import { searchTotalIsAtLeast, type SearchResult } from '../../shared/api/search.ts';
import type { List } from '../../shared/api/list.ts';
import { api } from '../../client/api.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { itemPath } from '../../shared/page-addresses.ts';
import { element } from '../../client/dom.ts';
import { HOME_CRUMBS, renderBreadcrumbs } from './breadcrumbs.ts';
import { failureText } from './failure.ts';
import { cell } from './table-cell.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import {
  addressOfForm,
  addressSearches,
  apiQueryOfForm,
  byTypeAscending,
  formOfAddress,
  typeLabel,
  type SearchForm,
} from './search-address.ts';
import type { ItemKindKey } from '../../shared/item-kinds.ts';

const DATE_FIELDS = ['created_from', 'created_to', 'modified_from', 'modified_to'] as const;

function fields() {
  const form = element<HTMLFormElement>('search-form');
  return {
    form,
    q: element<HTMLInputElement>('search-q'),
    onlyFolder: element<HTMLInputElement>('search-only-folder'),
    onlyFolderLabel: element('search-only-folder-label'),
    types: [...form.querySelectorAll<HTMLInputElement>('input[name="types"]')],
    date: (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!,
  };
}

function fill(state: SearchForm): void {
  const f = fields();
  f.q.value = state.q;
  f.onlyFolderLabel.hidden = state.folder === null;
  f.onlyFolder.checked = state.onlyFolder;
  for (const box of f.types) box.checked = state.types.includes(box.value as ItemKindKey);
  for (const name of DATE_FIELDS) f.date(name).value = state.dates[name];
}

function read(folder: string | null): SearchForm {
  const f = fields();
  return {
    q: f.q.value,
    types: f.types.filter((b) => b.checked).map((b) => b.value as ItemKindKey),
    folder,
    onlyFolder: folder !== null && f.onlyFolder.checked,
    dates: Object.fromEntries(DATE_FIELDS.map((name) => [name, f.date(name).value])) as SearchForm['dates'],
  };
}

const when = (iso: string) => {
  const time = timeElement(iso, formatDateTime(iso));
  time.title = formatDateTime(iso);
  return time;
};

function render(list: List<SearchResult>): void {
  const rows = byTypeAscending(list.results);
  const status = element('search-status');
  if (rows.length === 0) status.textContent = 'No Results Found';
  else if (list.total > rows.length) {
    // The server counts only so far past the answered rows: at that cap the total is a lower bound ("2,000+").
    const total = `${list.total.toLocaleString('en')}${searchTotalIsAtLeast(list.total, rows.length) ? '+' : ''}`;
    status.textContent = `Showing the ${rows.length} best of ${total} results: narrow the search to see the rest.`;
  }
  else status.textContent = rows.length === 1 ? '1 result' : `${rows.length} results`;
  element('search-table').hidden = rows.length === 0;
  element('search-rows').replaceChildren(
    ...rows.map((result) => {
      const row = document.createElement('tr');
      row.setAttribute('role', 'row');
      const link = document.createElement('a');
      link.href = itemPath(result);
      link.textContent = result.name;
      row.append(
        cell('Name', link, 'th'),
        cell('Created', when(result.created_at)),
        cell('Modified', when(result.modified_at)),
        cell('Folder', result.folder_name ?? ''),
        cell('Type', typeLabel(result)),
      );
      return row;
    }),
  );
}

let latest = 0;

async function run(state: SearchForm): Promise<void> {
  const mine = ++latest;
  element('search-error').replaceChildren();
  element('search-status').textContent = 'Searching…';
  try {
    const list = await api.search(apiQueryOfForm(state));
    if (mine === latest) render(list);
  } catch (err) {
    if (mine !== latest) return;
    element('search-status').textContent = '';
    element('search-table').hidden = true;
    element('search-error').replaceChildren(failureText(err));
  }
}

export async function mountSearch(): Promise<void> {
  const initial = formOfAddress(location.search);
  const searches = addressSearches(location.search);
  // The search leaves together with auth/me (one API level).
  const first = await signedInPage(() =>
    searches ? api.search(apiQueryOfForm(initial)).then((list) => ({ list }), (error: unknown) => ({ error })) : Promise.resolve(null),
  );
  setPageName('Search');
  renderBreadcrumbs(element('breadcrumbs'), [...HOME_CRUMBS, { label: 'Search', href: '/documentation/search', current: true }]);
  fill(initial);
  let folder = initial.folder;
  if (first.data && 'list' in first.data) render(first.data.list);
  else if (first.data) element('search-error').replaceChildren(failureText(first.data.error));

  const f = fields();
  f.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const state = read(folder);
    history.pushState(null, '', addressOfForm(state));
    void run(state);
  });
  window.addEventListener('popstate', () => {
    const state = formOfAddress(location.search);
    folder = state.folder;
    fill(state);
    if (addressSearches(location.search)) void run(state);
    else {
      element('search-status').textContent = '';
      element('search-table').hidden = true;
    }
  });
  if (!searches) f.q.focus();
}
