/**
 * Dragging columns into a new order (documentation §2 "Columns list") by their handles: THE sortable
 * list of the islands (islands/shared/use-sortable-list.ts). The keyboard alternative is each column's
 * Move up / Move down.
 */
import type { RefObject } from 'react';
import { useSortableList } from '../shared/use-sortable-list.ts';

export const COLUMN_HANDLE_CLASS = 'column-drag-handle';

const COLUMNS = { handle: `.${COLUMN_HANDLE_CLASS}`, draggable: '.column-item', ghostClass: 'column-ghost' };

export function useColumnSorting(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void): void {
  useSortableList(list, COLUMNS, onMove);
}
