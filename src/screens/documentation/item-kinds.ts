/**
 * The kinds of item in the tree as people name them (documentation §1: a form is shown as a
 * checklist, a sheet as a result sheet), each with its icon for tiles and lists.
 */
import type { Doctype, ItemKind } from '../../shared/api/documentation.ts';

export type ItemKindKey = 'folder' | Doctype;

export const ITEM_KIND_LABELS: Record<ItemKindKey, string> = {
  folder: 'Folder',
  presentation: 'Presentation',
  form: 'Checklist',
  sheet: 'Result Sheet',
  report: 'Report',
};

// 24 × 24 outlines (Material Symbols shapes, redrawn as single paths).
const ICON_PATHS: Record<ItemKindKey, string> = {
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  presentation: 'M3 4h18v12H3zM12 16v4M8 20h8M7 12l3-3 2 2 4-4',
  form: 'M6 3h12v18H6zM9 8l1.5 1.5L13 7M9 14l1.5 1.5L13 13M15 8h1M15 14h1',
  sheet: 'M4 4h16v16H4zM4 9h16M4 14h16M10 4v16',
  report: 'M5 3h10l4 4v14H5zM15 3v4h4M8 17v-3M12 17v-6M16 17v-4',
};

export function itemKindKey(item: { kind: ItemKind; doctype: Doctype | null }): ItemKindKey {
  return item.kind === 'folder' || item.doctype === null ? 'folder' : item.doctype;
}

/** The icon of a kind, hidden from assistive technology (the kind is said in words beside it). */
export function itemKindIcon(kind: ItemKindKey): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '32');
  svg.setAttribute('height', '32');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `item-icon item-icon-${kind}`);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', ICON_PATHS[kind]);
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.8');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('stroke-linejoin', 'round');
  svg.append(path);
  return svg;
}
