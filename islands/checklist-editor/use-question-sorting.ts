/**
 * Dragging questions into a new order with sortablejs (documentation §4 "drag-reorder questions"), by
 * their handles. Sortable moves the DOM node itself; React owns that DOM, so the move is put back at
 * once and reported as (from, to) for the reducer, which re-renders the list in its new order.
 * The keyboard alternative is the Move up / Move down buttons of each question.
 */
import Sortable from 'sortablejs';
import { useEffect, useRef, type RefObject } from 'react';

export const DRAG_HANDLE_CLASS = 'question-drag-handle';

export function useQuestionSorting(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void): void {
  const move = useRef(onMove);
  move.current = onMove;

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const sortable = Sortable.create(element, {
      handle: `.${DRAG_HANDLE_CLASS}`,
      draggable: '.question-item',
      animation: 150,
      // Pointer events instead of the browser's drag and drop: the same on mouse, touch and pen.
      forceFallback: true,
      fallbackOnBody: true,
      ghostClass: 'question-ghost',
      chosenClass: 'question-chosen',
      onEnd(event) {
        const { oldIndex, newIndex, item, from } = event;
        if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
        // Put the node back where React left it, then let the new order re-render.
        from.removeChild(item);
        from.insertBefore(item, from.children[oldIndex] ?? null);
        move.current(oldIndex, newIndex);
      },
    });
    return () => sortable.destroy();
  }, [list]);
}
