/** The answer of `GET documentation/folders/{id}/qr-sheet` (issue #29; shapes in src/shared/api/qr-labels.ts). */
import { QR_SHEET_MAX_LABELS, type QrLabelItem, type QrSheetItems, type QrShareLinkChoice } from '../../shared/api/qr-labels.ts';
import type { FolderAccess } from '../services/documentation/access.ts';
import type { SheetItem } from '../services/documentation/qr-labels/sheet-items.ts';
import type { ReadableAncestor } from './documentation.ts';

/** A label's path as it prints: 'Documentation › Plant A › Line 3'. */
export const labelPath = (path: readonly string[]): string => path.join(' › ');

/**
 * The sheet's folder (with the readable folders above it — `readable`, root first — and the root's id, for
 * the breadcrumbs, as a folder's own answer has them) and the first of its labels; `total` counts them all.
 */
export function presentQrSheetItems(
  access: Pick<FolderAccess, 'folder'>,
  readable: readonly ReadableAncestor[],
  items: readonly SheetItem[],
  total: number,
  urlOf: (item: SheetItem) => string,
  linksOf: (item: SheetItem) => QrShareLinkChoice[] | null,
): QrSheetItems {
  const { folder } = access;
  const above = readable.map(({ folder: a }) => a);
  const top = above[0];
  return {
    folder: {
      id: folder.id,
      name: folder.name,
      path: above.map((a) => ({ id: a.id, name: a.name })),
      root_id: folder.parentId === null ? folder.id : top?.parentId === null ? top.id : null,
    },
    items: items.map(
      (item): QrLabelItem => ({
        id: item.id,
        kind: item.kind,
        doctype: item.doctype,
        name: item.name,
        path: labelPath(item.path),
        url: urlOf(item),
        share_links: linksOf(item),
      }),
    ),
    total,
    limit: QR_SHEET_MAX_LABELS,
  };
}
