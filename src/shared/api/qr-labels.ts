/**
 * QR label sheets (issue #29, docs/documentation-tree.md "QR codes and label sheets"): the shapes of
 * `GET documentation/folders/{id}/qr-sheet` (the items a sheet would label, for the page's choices) and
 * the layouts `…/qr-sheet.pdf?layout=` accepts, zod-free for the browser. The query's zod schema is
 * `./qr-labels-schemas.ts`; each layout's geometry is the server's (services/documentation/qr-labels/layouts.ts).
 */
import type { Doctype, ItemKind, PathStep } from './documentation.ts';

/** The label layouts, the first the default. */
export const QR_LABEL_LAYOUTS = ['avery-l7160', 'avery-5160', 'avery-l4778', 'tape-62', 'tape-24'] as const;
export type QrLabelLayout = (typeof QR_LABEL_LAYOUTS)[number];

/** What a person picks a layout by: the product, its paper and its labels. */
export const QR_LABEL_LAYOUT_NAMES: Readonly<Record<QrLabelLayout, string>> = {
  'avery-l7160': 'Avery L7160: A4, 21 labels of 63.5 × 38.1 mm',
  'avery-5160': 'Avery 5160: US Letter, 30 labels of 2⅝ × 1 in',
  'avery-l4778': 'Avery L4778: A4, 48 labels of 45.7 × 21.2 mm',
  'tape-62': '62 mm tape or labels: one 62 × 29 mm label a page',
  'tape-24': '24 mm tape: one 70 × 24 mm label a page',
};

/** Labels on each page of a layout (the server's layout table agrees: tests/unit/…/qr-labels/layouts.test.ts). */
export const QR_LABELS_PER_PAGE: Readonly<Record<QrLabelLayout, number>> = {
  'avery-l7160': 21,
  'avery-5160': 30,
  'avery-l4778': 48,
  'tape-62': 1,
  'tape-24': 1,
};

/** The most labels one PDF holds; a folder (or subtree) with more answers 422. */
export const QR_SHEET_MAX_LABELS = 1000;

/**
 * Who a label's code opens for (issue #43), printed on every label and shown on the page: a share link's
 * /fill/ page opens without an account, anything else (an item's page) only for signed-in people.
 */
export const OPENS_FOR_ANYONE = 'No account needed';
export const OPENS_FOR_MEMBERS = 'Sign-in needed';

/** A live share link of a checklist that a label may lead to (`/fill/{token}`). */
export interface QrShareLinkChoice {
  id: string;
  name: string;
  /** ISO 8601, or null: never expires. */
  expires_at: string | null;
}

/** One item a sheet would label. */
export interface QrLabelItem {
  id: string;
  kind: ItemKind;
  doctype: Doctype | null;
  name: string;
  /** The folders above it as its label prints them: 'Documentation › Plant A › Line 3'. */
  path: string;
  /** What its code holds: `{PUBLIC_URL}/documentation/view/{id}` or `/documentation/browse/{id}`. */
  url: string;
  /**
   * A checklist's share links that have not expired, for a caller with Edit Permissions on it (the Share
   * tab's); null for any other item, and for a checklist the caller may not share.
   */
  share_links: QrShareLinkChoice[] | null;
}

/**
 * GET documentation/folders/{id}/qr-sheet[?subtree=true]: the items the sheet of this folder would label,
 * its own or (`subtree`) its whole subtree's, as the PDF would have them.
 */
export interface QrSheetItems {
  folder: {
    id: string;
    name: string;
    /** The readable folders above it, root first (the breadcrumbs'). */
    path: PathStep[];
    root_id: string | null;
  };
  /**
   * In label order: depth first, a folder's documents by name, then its subfolders by name, each followed
   * (with `subtree`) by what it holds. The first `limit` of them.
   */
  items: QrLabelItem[];
  /** How many labels the sheet has; more than `limit` and its PDF is refused (422). */
  total: number;
  limit: number;
}

/** The query of `…/qr-sheet.pdf`. */
export interface QrSheetQuery {
  layout?: QrLabelLayout;
  /** Label the items of every subfolder too. */
  subtree?: boolean;
  /** Share link ids: a checklist with one chosen leads to its `/fill/` page. At most one per checklist. */
  share_links?: string[];
}
