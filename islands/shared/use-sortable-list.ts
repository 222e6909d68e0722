/**
 * THE drag-to-reorder of the islands (the checklist editor's questions, a sheet's columns, a
 * presentation's pages): sortablejs on a list React renders. Sortable moves the DOM node itself; React
 * owns that DOM, so the move is put back at once and reported as (from, to) for the editor's reducer,
 * which re-renders the list in its new order. Pointer events rather than the browser's drag and drop,
 * so mouse, touch and pen behave alike. sortablejs loads once the list is on screen (nobody drags
 * before that), outside the editor's first load. Each list keeps a keyboard way too (Move up / down).
 */
import type Sortable from 'sortablejs';
import { useEffect, useRef, type RefObject } from 'react';

export interface SortableListOptions {
  /** Selector of the items that move. */
  draggable: string;
  /** Selector of the handle an item is dragged by; none: the whole item. */
  handle?: string;
  ghostClass: string;
  chosenClass?: string;
  /** On touch, a drag starts only after this long a press (a swipe still scrolls). */
  touchDelayMs?: number;
}

export function useSortableList(list: RefObject<HTMLElement | null>, options: SortableListOptions, onMove: (from: number, to: number) => void): void {
  const move = useRef(onMove);
  move.current = onMove;
  const { draggable, handle, ghostClass, chosenClass, touchDelayMs } = options;

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let sortable: Sortable | undefined;
    let gone = false;
    void import('sortablejs').then(({ default: Sorting }) => {
      if (gone) return;
      sortable = Sorting.create(element, {
        draggable,
        ...(handle ? { handle } : {}),
        animation: 150,
        forceFallback: true,
        fallbackOnBody: true,
        ghostClass,
        ...(chosenClass ? { chosenClass } : {}),
        ...(touchDelayMs ? { delay: touchDelayMs, delayOnTouchOnly: true } : {}),
        onEnd(event) {
          const { oldIndex, newIndex, item, from } = event;
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          // Put the node back where React left it, then let the new order re-render.
          from.removeChild(item);
          from.insertBefore(item, from.children[oldIndex] ?? null);
          move.current(oldIndex, newIndex);
        },
      });
    });
    return () => {
      gone = true;
      sortable?.destroy();
    };
  }, [list, draggable, handle, ghostClass, chosenClass, touchDelayMs]);
}
