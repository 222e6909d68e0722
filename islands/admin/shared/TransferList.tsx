/**
 * The transfer list (accounts §2 "roles chosen in a transfer list (available versus chosen)", §6): two
 * labelled groups of checkboxes, Available and Chosen, with Add and Remove between them to move the
 * selected options across (Add All and Remove All move every one). Everything is a native control, so
 * Tab, Space and Enter are the whole keyboard story; each move is announced in a live region.
 * Styles: transfer-list.css (the page imports it). Pure moves: transfer-list-state.ts.
 */
import { useId, useState } from 'react';
import { movedMessage, moveOptions, sidesOf, type TransferOption } from './transfer-list-state.ts';

interface Props {
  /** The fieldset's legend, e.g. 'Roles'. */
  legend: string;
  options: readonly TransferOption[];
  /** The ids on the chosen side. */
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** The options' noun for the announcements: ['role', 'roles']. */
  noun?: [one: string, many: string];
  disabled?: boolean;
}

const AVAILABLE = 'Available';
const CHOSEN = 'Chosen';

export function TransferList({ legend, options, chosen, onChange, noun = ['item', 'items'], disabled = false }: Props) {
  const id = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const sides = sidesOf(options, chosen);
  const selectedOn = (side: TransferOption[]) => side.filter((o) => selected.has(o.id)).map((o) => o.id);

  function move(ids: string[], to: 'chosen' | 'available') {
    if (ids.length === 0) return;
    onChange(moveOptions(options, chosen, ids, to));
    setSelected((s) => new Set([...s].filter((x) => !ids.includes(x))));
    setAnnouncement(movedMessage(ids.length, noun, to === 'chosen' ? CHOSEN : AVAILABLE));
  }

  function toggle(optionId: string, on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(optionId);
      else next.delete(optionId);
      return next;
    });
  }

  const availableSelected = selectedOn(sides.available);
  const chosenSelected = selectedOn(sides.chosen);

  return (
    <fieldset className="transfer-list">
      <legend>{legend}</legend>
      <div className="transfer-body">
        <TransferSide id={id} title={AVAILABLE} items={sides.available} selected={selected} disabled={disabled} onToggle={toggle} />
        <div className="transfer-moves">
          <button type="button" className="button secondary" disabled={disabled || availableSelected.length === 0} onClick={() => move(availableSelected, 'chosen')}>
            Add <span aria-hidden="true">›</span>
          </button>
          <button type="button" className="button secondary" disabled={disabled || chosenSelected.length === 0} onClick={() => move(chosenSelected, 'available')}>
            <span aria-hidden="true">‹</span> Remove
          </button>
          <button
            type="button"
            className="button text"
            disabled={disabled || sides.available.length === 0}
            onClick={() => move(sides.available.map((o) => o.id), 'chosen')}
          >
            Add All
          </button>
          <button
            type="button"
            className="button text"
            disabled={disabled || sides.chosen.length === 0}
            onClick={() => move(sides.chosen.map((o) => o.id), 'available')}
          >
            Remove All
          </button>
        </div>
        <TransferSide id={id} title={CHOSEN} items={sides.chosen} selected={selected} disabled={disabled} onToggle={toggle} />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

interface SideProps {
  /** The list's id: the side's heading is `${id}-${title}`. */
  id: string;
  title: string;
  items: TransferOption[];
  selected: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (optionId: string, on: boolean) => void;
}

/** One side, Available or Chosen: a labelled group of checkboxes ('None' when empty). */
function TransferSide({ id, title, items, selected, disabled, onToggle }: SideProps) {
  const headingId = `${id}-${title}`;
  return (
    <div className="transfer-side" role="group" aria-labelledby={headingId}>
      <h3 className="transfer-title" id={headingId}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="transfer-empty">None</p>
      ) : (
        <ul className="transfer-options">
          {items.map((option) => (
            <li key={option.id}>
              <label>
                <input type="checkbox" checked={selected.has(option.id)} disabled={disabled} onChange={(e) => onToggle(option.id, e.currentTarget.checked)} />
                <span>{option.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
