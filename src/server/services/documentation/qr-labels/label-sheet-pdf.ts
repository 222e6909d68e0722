/**
 * The PDF of a QR label sheet (issue #29), drawn with pdfkit from the layout table (./layouts.ts) in exact
 * millimetres: each page is the layout's paper, each label its cell. Imported on the PDF route only, with
 * pdfkit, qrcode and the fonts (docs/performance.md "Memory").
 *
 * A label: the item's QR code at the left — the `qrcode` package's module matrix (error correction M),
 * each row's run of dark modules one vector rectangle, the whole code one filled path (no hairlines
 * between modules in any viewer), with the quiet zone of 4 modules the standard asks for inside its
 * square — and to its right the item's name (bold, up to 3 lines) and path (up to 2 lines), wrapped to
 * the label and ellipsized: a name loses its end, a path its start ('… › Line 3'), as the nearest folder
 * says most; under them, always, who the code opens for (issue #43): 'No account needed' (a share link's
 * /fill/ page) or 'Sign-in needed'. Text in every script through the row PDF's fonts (sheets/pdf-fonts.ts).
 *
 * Tagged like the row PDF: one Div per label holding a Figure (the code, named by its address) and the
 * name and path as paragraphs. Drawn a page at a time, letting the stream send each page as it is done.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { OPENS_FOR_ANYONE, OPENS_FOR_MEMBERS, type QrLabelLayout } from '../../../../shared/api/qr-labels.ts';
import { PdfFonts, type TextStyle } from '../../sheets/pdf-fonts.ts';
import { codeSquare, LABEL_SHEETS, labelCell, labelsPerPage, MM, pagesFor, textBox, type LabelCell, type LabelSheet, type SheetLabel } from './layouts.ts';

/** The white around a code, in modules (ISO/IEC 18004). */
export const QUIET_ZONE_MODULES = 4;
const NAME_LINES = 3;
const PATH_LINES = 2;
const LINE_HEIGHT = 1.18;
/** From a line's top to its baseline, in ems (DejaVu Sans's ascent). */
const BASELINE = 0.93;
const ELLIPSIS = '…';
const PATH_SEPARATOR = ' › ';


/** The sheet's PDF as a stream: it fills as the pages are drawn, then ends (or is destroyed with the error). */
export function labelSheetPdf(layout: QrLabelLayout, labels: readonly SheetLabel[], title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en',
    displayTitle: true,
    info: { Title: title, Creator: 'Ringbinder' },
  });
  draw(doc, LABEL_SHEETS[layout], labels).catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}

async function draw(doc: PDFKit.PDFDocument, sheet: LabelSheet, labels: readonly SheetLabel[]): Promise<void> {
  const fonts = new PdfFonts(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  const perPage = labelsPerPage(sheet);
  for (let page = 0; page < pagesFor(sheet, labels.length); page++) {
    // Let the stream hand the pages drawn so far to the reader before the next.
    if (page > 0) await new Promise((resolve) => setImmediate(resolve));
    doc.addPage({ size: [sheet.paper.width * MM, sheet.paper.height * MM], margin: 0 });
    labels.slice(page * perPage, (page + 1) * perPage).forEach((label, i) => {
      const section = doc.struct('Div');
      root.add(section);
      drawLabel(doc, fonts, section, sheet, labelCell(sheet, page * perPage + i), label);
      section.end();
    });
  }
  root.end();
  doc.end();
}

function drawLabel(doc: PDFKit.PDFDocument, fonts: PdfFonts, section: PDFKit.PDFStructureElement, sheet: LabelSheet, cell: LabelCell, label: SheetLabel): void {
  section.add(doc.struct('Figure', { alt: `QR code: ${label.url}` }, () => drawCode(doc, label.url, codeSquare(sheet, cell))));

  const box = textBox(sheet, cell);
  const width = box.width * MM;
  const name: TextStyle = { weight: 'bold', size: sheet.text.name, colour: '#000000' };
  const path: TextStyle = { weight: 'regular', size: sheet.text.path, colour: '#333333' };
  const access: TextStyle = { weight: 'bold', size: sheet.text.path, colour: '#000000' };
  const nameHeight = name.size * LINE_HEIGHT;
  const pathHeight = path.size * LINE_HEIGHT;
  // The line saying who the code opens for is always there: the name and the path share what is left.
  const room = box.height * MM - pathHeight;
  const pathLines = wrapPath(label.path, (s) => measure(doc, fonts, s, path) <= width, Math.max(0, Math.min(PATH_LINES, Math.floor((room - nameHeight) / pathHeight))));
  const nameRoom = Math.max(1, Math.min(NAME_LINES, Math.floor((room - pathLines.length * pathHeight) / nameHeight)));
  const nameLines = wrap(label.name.trim() || 'Untitled', (s) => measure(doc, fonts, s, name) <= width, nameRoom);

  // The block of text centred on the label's middle line, beside the code.
  const blockHeight = nameLines.length * nameHeight + (pathLines.length + 1) * pathHeight;
  let y = (box.top + box.height / 2) * MM - blockHeight / 2;
  const lines = (style: TextStyle, texts: readonly string[]) => () => {
    for (const text of texts) {
      doc.x = box.left * MM;
      // On one baseline: each font's own top would set a CJK or Arabic run lower than the Latin beside it.
      doc.y = y + style.size * BASELINE;
      fonts.write(text, style, { lineBreak: false, baseline: 'alphabetic' });
      y += style.size * LINE_HEIGHT;
    }
  };
  section.add(doc.struct('P', {}, lines(name, nameLines)));
  if (pathLines.length > 0) section.add(doc.struct('P', {}, lines(path, pathLines)));
  section.add(doc.struct('P', {}, lines(access, [label.anyone ? OPENS_FOR_ANYONE : OPENS_FOR_MEMBERS])));
}

/** The code of `text` in `square` (mm), its quiet zone inside the square: one path of rectangles, filled black. */
function drawCode(doc: PDFKit.PDFDocument, text: string, square: { left: number; top: number; side: number }): void {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const module = (square.side / (size + 2 * QUIET_ZONE_MODULES)) * MM;
  const left = square.left * MM + QUIET_ZONE_MODULES * module;
  const top = square.top * MM + QUIET_ZONE_MODULES * module;
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!data[row * size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && data[row * size + column]) column++;
      doc.rect(left + start * module, top + row * module, (column - start) * module, module);
    }
  }
  doc.fill('#000000');
}

/** The width of `text` in points, run by run in the font that draws it. */
function measure(doc: PDFKit.PDFDocument, fonts: PdfFonts, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of fonts.runs(text, style.weight)) {
    doc.font(run.face.name).fontSize(style.size);
    width += doc.widthOfString(run.text, run.direction === 'rtl' ? { features: [] } : {});
  }
  return width;
}

/**
 * `text` in at most `max` lines that each `fit`: broken between words (inside a word too long for a
 * line), the last line ending in '…' when the text goes on.
 */
export function wrap(text: string, fits: (line: string) => boolean, max: number): string[] {
  if (max <= 0) return [];
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    // A word longer than a line: as much of it on each line as fits (one character at least).
    let rest = [...word];
    while (rest.length > 1 && !fits(rest.join(''))) {
      let take = rest.length - 1;
      while (take > 1 && !fits(rest.slice(0, take).join(''))) take--;
      lines.push(rest.slice(0, take).join(''));
      rest = rest.slice(take);
    }
    current = rest.join('');
  }
  if (current) lines.push(current);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = ellipsized(`${kept[max - 1]} ${lines[max]}`, fits);
  return kept;
}

/** The longest start of `text` that fits with '…' after it. */
function ellipsized(text: string, fits: (line: string) => boolean): string {
  const chars = [...text];
  while (chars.length > 0 && !fits(`${chars.join('').trimEnd()}${ELLIPSIS}`)) chars.pop();
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * A path in at most `max` lines: whole when it fits, else without its first folders ('… › Line 3'),
 * else (one folder name too long alone) cut at its end like a name.
 */
export function wrapPath(path: string, fits: (line: string) => boolean, max: number): string[] {
  if (max <= 0) return [];
  const steps = path.split(PATH_SEPARATOR);
  for (let drop = 0; drop < steps.length; drop++) {
    const shown = drop === 0 ? path : `${ELLIPSIS}${PATH_SEPARATOR}${steps.slice(drop).join(PATH_SEPARATOR)}`;
    const lines = wrap(shown, fits, max + 1);
    if (lines.length <= max) return lines;
  }
  return wrap(path, fits, max);
}
