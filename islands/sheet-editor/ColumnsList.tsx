/**
 * The Columns list (documentation §2 "Sheet/report editor"): the sheet's questions in `question_index`
 * order, each with the checklist it comes from; reorder by dragging the handle (sortablejs) or Move up /
 * Move down; Remove a column (not one a form link joins on: the link needs it).
 */
import { useRef } from 'react';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { isLinkColumn, questionTitle, type Catalogue } from './sheet-state.ts';
import { COLUMN_HANDLE_CLASS, useColumnSorting } from './use-column-sorting.ts';

interface Props {
  contents: SheetContents;
  catalogue: Catalogue;
  onMove: (from: number, to: number) => void;
  onShift: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
}

export function ColumnsList({ contents, catalogue, onMove, onShift, onRemove }: Props) {
  const list = useRef<HTMLOListElement>(null);
  useColumnSorting(list, onMove);
  const count = contents.question_index.length;
  return (
    <section className="sheet-columns" aria-labelledby="columns-heading">
      <h2 id="columns-heading">Columns</h2>
      {count === 0 && <p className="empty-text">No columns yet: add a checklist.</p>}
      <ol className="column-list" ref={list} aria-label="Columns">
        {contents.question_index.map((id, index) => {
          const title = questionTitle(contents, id, catalogue);
          const form = catalogue[contents.questions[id]!.form_id]?.name ?? '';
          const linked = isLinkColumn(contents, id);
          return (
            <li key={id} className="column-item" data-question-id={id}>
              <span className={COLUMN_HANDLE_CLASS} aria-hidden="true" title="Drag to reorder">
                ⠿
              </span>
              <span className="column-text">
                <span className="column-title">{title}</span>
                {form && <span className="column-form">{form}</span>}
              </span>
              <span className="column-actions">
                <button type="button" className="icon-button" data-action="up" aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => onShift(id, -1)}>
                  ↑
                </button>
                <button type="button" className="icon-button" data-action="down" aria-label={`Move ${title} down`} disabled={index === count - 1} onClick={() => onShift(id, 1)}>
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button danger"
                  aria-label={`Remove ${title}`}
                  title={linked ? 'A form link joins on this column' : undefined}
                  disabled={linked}
                  onClick={() => onRemove(id)}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
