/**
 * Add Checklist (documentation §2 "Add-checklist dialog", §4 "Result sheet"): pick a checklist from the
 * Browse tab (THE folder tree, islands/shared/FolderTree.tsx: folders opening on demand, checklists only)
 * or the Search tab (GET
 * documentation/search, types=form). A checklist already in the sheet shows 'already selected' and is
 * disabled. 'Add at Root' adds it unlinked; 'Link…' goes on to the link dialog (source and destination
 * questions). The chosen checklist's published questions are read when it is added.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../src/client/api.ts';
import type { Doctype } from '../../src/shared/api/documentation.ts';
import { DEFAULT_RESULTS_LIMIT } from '../../src/shared/constants.ts';
import type { SearchResult } from '../../src/shared/api/search.ts';
import { Dialog, useDialogOpen } from '../shared/Dialog.tsx';
import { FolderTree } from '../shared/FolderTree.tsx';
import { catalogueForm, type CatalogueForm } from './sheet-state.ts';

export const ALREADY_SELECTED = 'already selected';
/** The spec's checklist picker search limit (documentation §9: 1e9; the API takes at most 999999999). */
const SEARCH_LIMIT = DEFAULT_RESULTS_LIMIT;
/** The Browse tab lists folders and checklists. */
const CHECKLISTS: readonly Doctype[] = ['form'];

interface Props {
  selected: readonly string[];
  /** The sheet has checklists to link under. */
  canLink: boolean;
  onPick: (form: CatalogueForm, mode: 'root' | 'link') => void;
  onClosed: () => void;
}

type Tab = 'browse' | 'search';

type Choice = { id: string; name: string } | undefined;

export function AddChecklistDialog({ selected, canLink, onPick, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [tab, setTab] = useState<Tab>('browse');
  const [choice, setChoice] = useState<Choice>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const name = useId();

  const pick = async (mode: 'root' | 'link') => {
    if (!choice) return;
    setBusy(true);
    setError('');
    try {
      const doc = await api.documentation.document(choice.id);
      onPick(catalogueForm(doc), mode);
      close();
    } catch (err) {
      setError(problemText(err, 'Something went wrong when retrieving your checklist.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label="Add Checklist" open={open} onClose={() => !busy && close()} onClosed={onClosed} className="add-checklist-dialog">
      <PickerTabs name={name} tab={tab} setTab={setTab} />
      <div className="picker-panels">
        <div role="tabpanel" id={`${name}-panel-browse`} aria-labelledby={`${name}-tab-browse`} hidden={tab !== 'browse'} className="picker-panel">
          <FolderTree
            labelledBy={`${name}-tab-browse`}
            doctypes={CHECKLISTS}
            choosable={(entry) => !entry.folder}
            note={(entry) => (selected.includes(entry.id) ? ALREADY_SELECTED : undefined)}
            chosen={choice?.id}
            onChoose={(entry) => setChoice({ id: entry.id, name: entry.name })}
          />
        </div>
        <div role="tabpanel" id={`${name}-panel-search`} aria-labelledby={`${name}-tab-search`} hidden={tab !== 'search'} className="picker-panel">
          <SearchPanel option={optionOf(`${name}-search`, selected, choice, setChoice)} />
        </div>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button secondary" disabled={!choice || !canLink || busy} onClick={() => void pick('link')}>
          Link…
        </button>
        <button type="button" className="button" disabled={!choice || busy} onClick={() => void pick('root')}>
          {busy ? 'Adding…' : 'Add at Root'}
        </button>
      </div>
    </Dialog>
  );
}

/** The Browse and Search tabs (arrow keys move between them). */
function PickerTabs({ name, tab, setTab }: { name: string; tab: Tab; setTab: (tab: Tab) => void }) {
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next: Tab = tab === 'browse' ? 'search' : 'browse';
    setTab(next);
    document.getElementById(`${name}-tab-${next}`)?.focus();
  };
  return (
    <div className="picker-tabs" role="tablist" aria-label="Find a checklist" onKeyDown={onTabKey}>
      {(['browse', 'search'] as const).map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          id={`${name}-tab-${t}`}
          aria-selected={tab === t}
          aria-controls={`${name}-panel-${t}`}
          tabIndex={tab === t ? 0 : -1}
          className="picker-tab"
          onClick={() => setTab(t)}
          data-autofocus={t === 'browse' ? true : undefined}
        >
          {t === 'browse' ? 'Browse' : 'Search'}
        </button>
      ))}
    </div>
  );
}

/** One checklist to choose (a radio of the group `group`), 'already selected' and disabled when the sheet has it. */
function optionOf(group: string, selected: readonly string[], choice: Choice, setChoice: (choice: Choice) => void): Option {
  return (id, label, detail) => {
    const taken = selected.includes(id);
    return (
      <label className={`checklist-option${taken ? ' taken' : ''}`} key={id}>
        <input type="radio" name={group} value={id} disabled={taken} checked={choice?.id === id} onChange={() => setChoice({ id, name: label })} />
        <span className="checklist-option-text">
          <span className="checklist-option-name">{label}</span>
          {detail && <span className="checklist-option-detail">{detail}</span>}
          {taken && <span className="checklist-option-taken">{ALREADY_SELECTED}</span>}
        </span>
      </label>
    );
  };
}

type Option = (id: string, label: string, detail?: string) => React.ReactNode;

/** GET documentation/search?types=form: checklists by name and description. */
function SearchPanel({ option }: { option: Option }) {
  const [q, setQ] = useState('');
  const [results, setResults] = useState<SearchResult[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const search = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await api.search({ q: q.trim(), types: ['form'], limit: SEARCH_LIMIT });
      setResults(answer.results.filter((r) => r.doctype === 'form'));
    } catch (err) {
      setError(problemText(err, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="picker-search">
      <form
        className="picker-search-form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <div className="field">
          <label htmlFor="checklist-search">Search checklists</label>
          <input id="checklist-search" type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          Search
        </button>
      </form>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {results !== undefined &&
        (results.length === 0 ? (
          <p className="empty-text" role="status">
            No checklists found.
          </p>
        ) : (
          <ul className="picker-tree" aria-label="Search results">
            {results.map((r) => (
              <li key={r.id}>{option(r.id, r.name, r.folder_name ?? undefined)}</li>
            ))}
          </ul>
        ))}
    </div>
  );
}
