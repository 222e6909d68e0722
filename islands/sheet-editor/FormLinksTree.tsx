/**
 * The Form Links tree (documentation §2 "Sheet/report editor", §3 "Form link tree node", §9 "Form-link
 * tree indent 24 px per depth"): the sheet's root checklists, each linked checklist under its parent
 * with the questions they join on. Dragging a linked checklist onto the root unlinks it (§4); 'Move to
 * Root' does the same from the keyboard. Remove takes the checklist (and its questions) out of the sheet.
 */
import { useState, type DragEvent } from 'react';
import type { FormLinkNode, SheetContents } from '../../src/shared/sheets/model.ts';
import { questionTitle, type Catalogue } from './sheet-state.ts';

const DRAG_TYPE = 'application/x-ringbinder-form';

interface Props {
  tree: FormLinkNode[];
  contents: SheetContents;
  catalogue: Catalogue;
  onUnlink: (formId: string) => void;
  onRemove: (formId: string) => void;
}

export function FormLinksTree({ tree, contents, catalogue, onUnlink, onRemove }: Props) {
  const [over, setOver] = useState(false);
  const [dragging, setDragging] = useState<string | undefined>();
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);

  const node = (item: FormLinkNode) => (
    <li key={item.id} className="form-link-item" data-form-id={item.id}>
      <div
        className={`form-link-node${dragging === item.id ? ' dragging' : ''}`}
        draggable={item.question_id !== null}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, item.id);
          event.dataTransfer.effectAllowed = 'move';
          setDragging(item.id);
        }}
        onDragEnd={() => setDragging(undefined)}
      >
        <div className="form-link-text">
          <span className="form-link-name">{item.name}</span>
          {item.question_id !== null && item.parent_question_id !== null && (
            <span className="form-link-join">
              {questionTitle(contents, item.question_id, catalogue)} = {questionTitle(contents, item.parent_question_id, catalogue)}
            </span>
          )}
        </div>
        <div className="form-link-actions">
          {item.question_id !== null && (
            <button type="button" className="button text" aria-label={`Move ${item.name} to Root`} onClick={() => onUnlink(item.id)}>
              Move to Root
            </button>
          )}
          <button type="button" className="button text danger-text" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item.id)}>
            Remove
          </button>
        </div>
      </div>
      {item.children.length > 0 && <ul className="form-link-children">{item.children.map(node)}</ul>}
    </li>
  );

  return (
    <section className="form-links" aria-labelledby="form-links-heading">
      <h2 id="form-links-heading">Form Links</h2>
      <div
        className={`form-link-root${over ? ' over' : ''}`}
        data-drop="root"
        onDragOver={(event) => {
          if (!accepts(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          setOver(false);
          const formId = event.dataTransfer.getData(DRAG_TYPE);
          if (!formId) return;
          event.preventDefault();
          onUnlink(formId);
        }}
      >
        <span className="form-link-root-label">Root</span>
        <span className="form-link-hint">Drop a linked checklist here to unlink it.</span>
      </div>
      {tree.length === 0 ? <p className="empty-text">No checklists yet: add one.</p> : <ul className="form-link-list">{tree.map(node)}</ul>}
    </section>
  );
}
