/**
 * Dragging columns into a new order with sortablejs (documentation §2 "Columns list"), by their handles,
 * the house way (islands/checklist-editor/use-question-sorting.ts): Sortable moves the DOM node itself;
 * React owns that DOM, so the move is put back at once and reported as (from, to) for the reducer. The
 * keyboard alternative is each column's Move up / Move down.
 */
import Sortable from 'sortablejs';
import { useEffect, useRef, type RefObject } from 'react';

export const COLUMN_HANDLE_CLASS = 'column-drag-handle';

export function useColumnSorting(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void): void {
  const move = useRef(onMove);
  move.current = onMove;

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const sortable = Sortable.create(element, {
      handle: `.${COLUMN_HANDLE_CLASS}`,
      draggable: '.column-item',
      animation: 150,
      // Pointer events instead of the browser's drag and drop: the same on mouse, touch and pen.
      forceFallback: true,
      fallbackOnBody: true,
      ghostClass: 'column-ghost',
      onEnd(event) {
        const { oldIndex, newIndex, item, from } = event;
        if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
        from.removeChild(item);
        from.insertBefore(item, from.children[oldIndex] ?? null);
        move.current(oldIndex, newIndex);
      },
    });
    return () => sortable.destroy();
  }, [list]);
}
