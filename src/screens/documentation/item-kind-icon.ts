/** The icon of an item's kind as DOM for a light screen (the trash): THE outline of src/shared/item-kinds.ts. */
import { ITEM_KIND_PATHS, type ItemKindKey } from '../../shared/item-kinds.ts';

/** Hidden from assistive technology (the kind is said in words beside it); a folder filled, a document as a line, as on its tile. */
export function itemKindIcon(kind: ItemKindKey): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '32');
  svg.setAttribute('height', '32');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `item-icon item-icon-${kind}`);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', ITEM_KIND_PATHS[kind]);
  path.setAttribute('fill', kind === 'folder' ? 'currentColor' : 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.6');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('stroke-linejoin', 'round');
  svg.append(path);
  return svg;
}
