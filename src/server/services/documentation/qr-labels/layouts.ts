/**
 * THE table of QR label layouts (issue #29): each sheet's paper, its grid of labels and where a label's
 * code and text go, in millimetres from the paper's top-left corner. The PDF (./label-sheet-pdf.ts) is
 * drawn from these figures alone, with exact millimetre geometry (1 mm = 72/25.4 pt), so a label lands on
 * its cell whatever a browser's print margins would have done — print the PDF at actual size.
 *
 * Where the figures come from:
 * - Avery L7160 (A4, 3 × 7 labels of 63.5 × 38.1 mm): Avery's template figures as Word's label catalogue
 *   carries them — top margin 15.1 mm, side margin 7.2 mm, horizontal pitch 66.0 mm, vertical pitch
 *   38.1 mm (the sheet is then centred: 7.3 mm right, 15.2 mm below).
 * - Avery 5160 (US Letter, 3 × 10 labels of 2⅝ × 1 in): top margin 0.5 in, side margin 3/16 in,
 *   horizontal pitch 2.75 in, vertical pitch 1 in (centred both ways).
 * - Avery L4778 (A4, weatherproof, 45.7 × 21.2 mm): 4 across × 12 down = 48 a sheet. (Five across cannot
 *   be: 5 × 45.7 mm is 228.5 mm, wider than A4's 210 mm.) Across, the figures of Avery's 45.7 mm wide A4
 *   family (L7654, L4778): side margin 9.7 mm, horizontal pitch 48.3 mm (a 2.6 mm gap); down, no gap
 *   (vertical pitch = 21.2 mm) and the 254.4 mm of rows centred: 21.3 mm above and below. Avery's own
 *   page could not be read from the build machine; the figures agree within 0.7 mm with glabels-qt's
 *   template of the same label (Herma 4097: 45.72 × 21.2 mm, 4 × 12, x0 10 mm, y0 22 mm, templates/
 *   herma-iso-templates.xml), less than the 1 mm of white kept around the code.
 * - Tape and thermal printers, one label a page (the page IS the label): 62 mm — a Brother QL 62 mm roll
 *   cut at 29 mm (or the DK-11209 62 × 29 mm labels): the page is 62 mm across the tape and 29 mm along
 *   it; 24 mm — a 24 mm laminated tape (Brother TZe, Dymo D1) printed along the tape: the page is 70 mm
 *   long and 24 mm high, and the code keeps 3 mm from each edge (these printers print about 18 mm of 24).
 *
 * Each label: the code's square at the left, as high as the label less `inset` above and below (its quiet
 * zone of 4 modules is inside the square, ./qr-modules.ts), and the item's name and path to its right.
 */
import type { QrLabelLayout } from '../../../../shared/api/qr-labels.ts';

/** One label of a sheet: the item's name, its path in the tree and the address its code holds. */
export interface SheetLabel {
  name: string;
  path: string;
  url: string;
  /** The code opens without an account (a share link's /fill/ page), said on the label (issue #43). */
  anyone: boolean;
}

/** Points in a millimetre (a PDF point is 1/72 in). */
export const MM = 72 / 25.4;

const INCH = 25.4;

export interface LabelSheet {
  /** The paper, in mm. */
  paper: { name: string; width: number; height: number };
  columns: number;
  rows: number;
  /** One label, in mm. */
  label: { width: number; height: number };
  /** The first (top-left) label's top-left corner from the paper's. */
  first: { left: number; top: number };
  /** From one label's corner to the next one's: across a row, and down a column. */
  pitch: { across: number; down: number };
  /** White kept between the label's edge and the code's square (and the text). */
  inset: number;
  /** The name's and the path's font sizes, in points. */
  text: { name: number; path: number };
}

export const LABEL_SHEETS: Readonly<Record<QrLabelLayout, LabelSheet>> = {
  'avery-l7160': {
    paper: { name: 'A4', width: 210, height: 297 },
    columns: 3,
    rows: 7,
    label: { width: 63.5, height: 38.1 },
    first: { left: 7.2, top: 15.1 },
    pitch: { across: 66, down: 38.1 },
    inset: 1.5,
    text: { name: 9, path: 7 },
  },
  'avery-5160': {
    paper: { name: 'US Letter', width: 8.5 * INCH, height: 11 * INCH },
    columns: 3,
    rows: 10,
    label: { width: 2.625 * INCH, height: 1 * INCH },
    first: { left: 0.1875 * INCH, top: 0.5 * INCH },
    pitch: { across: 2.75 * INCH, down: 1 * INCH },
    inset: 1.5,
    text: { name: 8, path: 6.5 },
  },
  'avery-l4778': {
    paper: { name: 'A4', width: 210, height: 297 },
    columns: 4,
    rows: 12,
    label: { width: 45.7, height: 21.2 },
    first: { left: 9.7, top: 21.3 },
    pitch: { across: 48.3, down: 21.2 },
    inset: 1,
    text: { name: 6.5, path: 5.5 },
  },
  'tape-62': {
    paper: { name: '62 × 29 mm', width: 62, height: 29 },
    columns: 1,
    rows: 1,
    label: { width: 62, height: 29 },
    first: { left: 0, top: 0 },
    pitch: { across: 62, down: 29 },
    inset: 2,
    text: { name: 8, path: 6.5 },
  },
  'tape-24': {
    paper: { name: '70 × 24 mm', width: 70, height: 24 },
    columns: 1,
    rows: 1,
    label: { width: 70, height: 24 },
    first: { left: 0, top: 0 },
    pitch: { across: 70, down: 24 },
    inset: 3,
    text: { name: 8, path: 6.5 },
  },
};

export const labelsPerPage = (sheet: LabelSheet): number => sheet.columns * sheet.rows;

/** Pages for `count` labels (one page for none: a PDF has a page). */
export const pagesFor = (sheet: LabelSheet, count: number): number => Math.max(1, Math.ceil(count / labelsPerPage(sheet)));

/** A label's place: its page (from 0) and its rectangle in mm from that page's top-left corner. */
export interface LabelCell {
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The cell of the `index`th label: sheets fill row by row, left to right, then the next page. */
export function labelCell(sheet: LabelSheet, index: number): LabelCell {
  const perPage = labelsPerPage(sheet);
  const onPage = index % perPage;
  const row = Math.floor(onPage / sheet.columns);
  const column = onPage % sheet.columns;
  return {
    page: Math.floor(index / perPage),
    left: sheet.first.left + column * sheet.pitch.across,
    top: sheet.first.top + row * sheet.pitch.down,
    width: sheet.label.width,
    height: sheet.label.height,
  };
}

export const cellCentre = (cell: LabelCell): { x: number; y: number } => ({ x: cell.left + cell.width / 2, y: cell.top + cell.height / 2 });

/** The code's square in a label, its quiet zone included: at the left, `inset` from the edges. */
export interface CodeSquare {
  left: number;
  top: number;
  side: number;
}

export function codeSquare(sheet: LabelSheet, cell: LabelCell): CodeSquare {
  const side = cell.height - 2 * sheet.inset;
  return { left: cell.left + sheet.inset, top: cell.top + sheet.inset, side };
}

/** Where the `index`th label's code is centred: what a scanner of the printed sheet finds. */
export function codeCentre(sheet: LabelSheet, index: number): { page: number; x: number; y: number } {
  const cell = labelCell(sheet, index);
  const code = codeSquare(sheet, cell);
  return { page: cell.page, x: code.left + code.side / 2, y: code.top + code.side / 2 };
}

/** The name's and path's box: right of the code (its quiet zone is the gap), `inset` plus 1 mm from the label's edges. */
export function textBox(sheet: LabelSheet, cell: LabelCell): { left: number; top: number; width: number; height: number } {
  const code = codeSquare(sheet, cell);
  const left = code.left + code.side;
  const top = cell.top + sheet.inset + 1;
  return { left, top, width: cell.left + cell.width - sheet.inset - left, height: cell.height - 2 * (sheet.inset + 1) };
}
