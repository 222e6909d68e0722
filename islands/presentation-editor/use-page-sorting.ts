/**
 * Dragging thumbnails into a new page order: THE sortable list of the islands
 * (islands/shared/use-sortable-list.ts). Touch drags start after 500 ms (documentation §9 "Touch drag
 * delay is 500 ms"), so a swipe still scrolls the strip. The keyboard alternative is the toolbar's Move
 * page earlier / later.
 */
import type { RefObject } from 'react';
import { useSortableList } from '../shared/use-sortable-list.ts';

export const TOUCH_DRAG_DELAY_MS = 500;

const PAGES = { draggable: '.page-thumb', ghostClass: 'page-ghost', chosenClass: 'page-chosen', touchDelayMs: TOUCH_DRAG_DELAY_MS };

export function usePageSorting(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void): void {
  useSortableList(list, PAGES, onMove);
}
