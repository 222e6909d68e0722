/**
 * Dragging questions into a new order (documentation §4 "drag-reorder questions") by their handles:
 * THE sortable list of the islands (islands/shared/use-sortable-list.ts). The keyboard alternative is the
 * Move up / Move down buttons of each question.
 */
import type { RefObject } from 'react';
import { useSortableList } from '../shared/use-sortable-list.ts';

export const DRAG_HANDLE_CLASS = 'question-drag-handle';

const QUESTIONS = { handle: `.${DRAG_HANDLE_CLASS}`, draggable: '.question-item', ghostClass: 'question-ghost', chosenClass: 'question-chosen' };

export function useQuestionSorting(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void): void {
  useSortableList(list, QUESTIONS, onMove);
}
