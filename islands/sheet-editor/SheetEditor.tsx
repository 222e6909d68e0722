/**
 * The result sheet and report editor (documentation §2 "Sheet/report editor", §4 "Result sheet" and
 * "Editing"; issue #13): THE editing session of islands/shared/document-editor (draft autosave, leave
 * guard, publish or discard, conflicts) around the Form Links tree and the Columns list, with the
 * Add-checklist dialog (Browse and Search) and the link dialog. The state and every change are the pure
 * reducer of ./sheet-state.ts; the checklists' names and published questions (the catalogue) are read
 * from the server for the tree, the columns and the removal rule.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { api } from '../../src/client/api.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { DraftBar } from '../shared/document-editor/DraftBar.tsx';
import { useDocumentDraft } from '../shared/document-editor/use-document-draft.ts';
import { ColumnsList } from './ColumnsList.tsx';
import { FormLinksTree } from './FormLinksTree.tsx';
import {
  catalogueForm,
  editSheet,
  formLinkTree,
  initialState,
  publishProblems,
  questionTitle,
  readContents,
  startingPoint,
  type CatalogueForm,
  type SheetAction,
} from './sheet-state.ts';

// The dialogs (and the Shoelace parts they use) load when first opened.
const AddChecklistDialog = lazy(() => import('./AddChecklistDialog.tsx').then((m) => ({ default: m.AddChecklistDialog })));
const LinkDialog = lazy(() => import('./LinkDialog.tsx').then((m) => ({ default: m.LinkDialog })));

interface Props {
  document: Document;
  user: CurrentUser;
}

type Open = { kind: 'add' } | { kind: 'link'; form: CatalogueForm } | undefined;

/** The names and published questions of the sheet's checklists, each read once. */
function useCatalogue(formIds: readonly string[], setCatalogue: Dispatch<SetStateAction<Record<string, CatalogueForm>>>) {
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const id of formIds) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      api.documentation.document(id).then(
        (form) => setCatalogue((c) => ({ ...c, [id]: catalogueForm(form) })),
        () => undefined, // the tree says 'Checklist not available'
      );
    }
  }, [formIds, setCatalogue]);
}

export function SheetEditor({ document: doc, user }: Props) {
  const start = useMemo(() => startingPoint(doc), [doc]);
  const [state, dispatch] = useReducer(editSheet, undefined, () => initialState(start.contents, start.fromDraft));
  const [catalogue, setCatalogue] = useState<Record<string, CatalogueForm>>({});
  const [dialog, setDialog] = useState<Open>();
  const [announcement, setAnnouncement] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const draft = useDocumentDraft({
    document: doc,
    state,
    readContents,
    restart: useCallback((contents: SheetContents, changed: boolean) => dispatch({ type: 'load', contents, changed }), []),
  });
  const { contents, changed } = state;

  useCatalogue(contents.form_ids, setCatalogue);
  const noun = doc.doctype === 'report' ? 'report' : 'result sheet';
  const parts = { contents, catalogue, dispatch, announce: setAnnouncement };

  return (
    <div className="sheet-editor">
      <DraftBar draft={draft} changed={changed} problems={() => publishProblems(contents)} noun={noun} userId={user.id} />

      <div className="sheet-editor-head">
        <button type="button" className="button" ref={addButton} onClick={() => setDialog({ kind: 'add' })}>
          Add checklist
        </button>
      </div>

      <SheetPanels {...parts} addButton={addButton} />

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <SheetDialogs {...parts} dialog={dialog} setDialog={setDialog} setCatalogue={setCatalogue} />
    </div>
  );
}

/** What the editor's parts share: the contents, the catalogue, the reducer's dispatch and the live region. */
interface SheetParts {
  contents: SheetContents;
  catalogue: Record<string, CatalogueForm>;
  dispatch: Dispatch<SheetAction>;
  announce: (words: string) => void;
}

/** The Form Links tree and the Columns list; a removal gives the focus to Add checklist. */
function SheetPanels({ contents, catalogue, dispatch, announce, addButton }: SheetParts & { addButton: RefObject<HTMLButtonElement | null> }) {
  const tree = useMemo(() => formLinkTree(contents, catalogue), [contents, catalogue]);
  return (
    <div className="sheet-editor-panels">
      <FormLinksTree
        tree={tree}
        contents={contents}
        catalogue={catalogue}
        onUnlink={(formId) => {
          dispatch({ type: 'unlinkForm', formId });
          announce(`${catalogue[formId]?.name ?? 'The checklist'} moved to the root.`);
        }}
        onRemove={(formId) => {
          dispatch({ type: 'removeForm', formId, catalogue });
          announce(`${catalogue[formId]?.name ?? 'The checklist'} removed.`);
          addButton.current?.focus();
        }}
      />
      <ColumnsList
        contents={contents}
        catalogue={catalogue}
        onMove={(from, to) => {
          dispatch({ type: 'moveColumn', from, to });
          announce(`Column ${from + 1} moved to position ${to + 1}.`);
        }}
        onShift={(id, by) => {
          const from = contents.question_index.indexOf(id);
          dispatch({ type: 'shiftColumn', id, by });
          announce(`${questionTitle(contents, id, catalogue)} moved to position ${from + 1 + by}.`);
        }}
        onRemove={(id) => {
          announce(`${questionTitle(contents, id, catalogue)} removed.`);
          dispatch({ type: 'removeColumn', id });
          addButton.current?.focus();
        }}
      />
    </div>
  );
}

interface DialogsProps extends SheetParts {
  dialog: Open;
  setDialog: (open: Open) => void;
  setCatalogue: Dispatch<SetStateAction<Record<string, CatalogueForm>>>;
}

/** The open dialog: Add checklist, then (when a checklist was picked to link) the link dialog. */
function SheetDialogs({ contents, catalogue, dispatch, announce, dialog, setDialog, setCatalogue }: DialogsProps) {
  const pendingLink = useRef<CatalogueForm | undefined>(undefined);
  const onPick = (form: CatalogueForm, mode: 'root' | 'link') => {
    setCatalogue((c) => ({ ...c, [form.id]: form }));
    if (mode === 'root') {
      dispatch({ type: 'addForm', form });
      announce(`${form.name} added.`);
    } else {
      pendingLink.current = form;
    }
  };

  return (
    <>
      {dialog?.kind === 'add' && (
        <Suspense fallback={null}>
          <AddChecklistDialog
            selected={contents.form_ids}
            canLink={contents.form_ids.length > 0}
            onPick={onPick}
            onClosed={() => {
              const form = pendingLink.current;
              pendingLink.current = undefined;
              setDialog(form ? { kind: 'link', form } : undefined);
            }}
          />
        </Suspense>
      )}
      {dialog?.kind === 'link' && (
        <Suspense fallback={null}>
          <LinkDialog
            form={dialog.form}
            contents={contents}
            catalogue={catalogue}
            onLink={(link) => {
              dispatch({ type: 'addForm', form: dialog.form, link });
              announce(`${dialog.form.name} linked.`);
            }}
            onClosed={() => setDialog(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
