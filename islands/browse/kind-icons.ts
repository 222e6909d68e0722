/**
 * The picture and the word of an item's kind on its tile (folder, presentation, checklist, result sheet,
 * report), free of React: the tile (KindIcon.tsx) and the folder's first paint (folder-preview.ts) draw
 * the same outline.
 */
import type { Doctype } from '../../src/shared/api/documentation.ts';
import { doctypeLabels } from './messages.ts';

export const kindLabel = (doctype: Doctype | null) => (doctype ? doctypeLabels[doctype] : 'Folder');

/** 24 × 24 outlines; a folder is filled, a document drawn as a line. */
export const KIND_ICON_PATHS: Record<Doctype | 'folder', string> = {
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  presentation: 'M3 4h18v12H3zM12 16v4M8 20h8M7 12l3-3 3 2 4-4',
  form: 'M6 3h12v18H6zM9 8l1.5 1.5L13 7M9 13l1.5 1.5L13 12M15 8h1M15 13h1',
  sheet: 'M4 4h16v16H4zM4 9h16M4 14h16M10 4v16',
  report: 'M6 3h9l4 4v14H6zM9 11h7M9 15h7M9 7h3',
};
