/**
 * Dragging thumbnails into a new page order with sortablejs, the house way (as the checklist editor's
 * questions: islands/checklist-editor/use-question-sorting.ts): Sortable moves the DOM node, which is put
 * back at once and reported as (from, to) for the reducer. Touch drags start after 500 ms (documentation
 * §9 "Touch drag delay is 500 ms"), so a swipe still scrolls the strip. The keyboard alternative is the
 * toolbar's Move page earlier / later. Sortable loads once the editor has painted (it is not needed
 * before a thumbnail is dragged), outside the editor's first load.
 */
import type Sortable from 'sortablejs';
import { useEffect, useRef, type RefObject } from 'react';

export const TOUCH_DRAG_DELAY_MS = 500;

export function usePageSorting(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void): void {
  const move = useRef(onMove);
  move.current = onMove;

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let sortable: Sortable | undefined;
    let gone = false;
    void import('sortablejs').then(({ default: Sorting }) => {
      if (gone) return;
      sortable = Sorting.create(element, {
      draggable: '.page-thumb',
      animation: 150,
      forceFallback: true,
      fallbackOnBody: true,
      delay: TOUCH_DRAG_DELAY_MS,
      delayOnTouchOnly: true,
      ghostClass: 'page-ghost',
      chosenClass: 'page-chosen',
      onEnd(event) {
        const { oldIndex, newIndex, item, from } = event;
        if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
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
  }, [list]);
}
