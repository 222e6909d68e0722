/**
 * THE kinds of item in the tree as people name them (documentation §1: a form is shown as a checklist,
 * a sheet as a result sheet) and THE outline each is drawn with — on a folder's tiles and its first
 * paint, in the trash and in search alike.
 */
import type { Doctype, ItemKind } from './api/documentation.ts';

export type ItemKindKey = 'folder' | Doctype;

/** The words a person reads for each doctype (New document offers all four: docs/decisions.md). */
export const DOCTYPE_LABELS: Readonly<Record<Doctype, string>> = {
  presentation: 'Presentation',
  form: 'Checklist',
  sheet: 'Result Sheet',
  report: 'Report',
};

export const ITEM_KIND_LABELS: Readonly<Record<ItemKindKey, string>> = { folder: 'Folder', ...DOCTYPE_LABELS };

/** 24 × 24 outlines; a folder is drawn filled, a document as a line. */
export const ITEM_KIND_PATHS: Readonly<Record<ItemKindKey, string>> = {
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  presentation: 'M3 4h18v12H3zM12 16v4M8 20h8M7 12l3-3 3 2 4-4',
  form: 'M6 3h12v18H6zM9 8l1.5 1.5L13 7M9 13l1.5 1.5L13 12M15 8h1M15 13h1',
  sheet: 'M4 4h16v16H4zM4 9h16M4 14h16M10 4v16',
  report: 'M6 3h9l4 4v14H6zM9 11h7M9 15h7M9 7h3',
};

/** An item's kind: a folder, or its doctype. */
export function itemKindKey(item: { kind: ItemKind; doctype: Doctype | null }): ItemKindKey {
  return item.kind === 'folder' || item.doctype === null ? 'folder' : item.doctype;
}

/**
 * Whether 'Validation errors only' means anything for an item's subscription: only checklists are
 * submitted (and folders hold them). THE rule of the subscription dialog (rb-subscription-dialog) and of
 * the Properties tab's following fields (islands/browse/dialogs/FollowFields.tsx).
 */
export const offersValidationErrorsOnly = (item: { kind: ItemKind | string; doctype?: Doctype | string | null }): boolean =>
  item.kind === 'folder' || item.doctype === 'form';
