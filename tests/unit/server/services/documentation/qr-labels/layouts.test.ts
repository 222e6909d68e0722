import { describe, expect, it } from 'vitest';
import { QR_LABEL_LAYOUTS, QR_LABELS_PER_PAGE } from '../../../../../../src/shared/api/qr-labels.ts';
import {
  cellCentre,
  codeCentre,
  codeSquare,
  LABEL_SHEETS,
  labelCell,
  labelsPerPage,
  MM,
  pagesFor,
  textBox,
} from '../../../../../../src/server/services/documentation/qr-labels/layouts.ts';

const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 6);

describe('the label layouts: where each label and its code land, in millimetres', () => {
  it('a millimetre is 72/25.4 points', () => {
    close(MM * 25.4, 72);
  });

  it.each([
    // layout, labels a page, [first cell's centre], [last cell's centre] (mm from the paper's top-left corner)
    ['avery-l7160', 21, [7.2 + 63.5 / 2, 15.1 + 38.1 / 2], [7.2 + 2 * 66 + 63.5 / 2, 15.1 + 6 * 38.1 + 38.1 / 2]],
    ['avery-5160', 30, [4.7625 + 66.675 / 2, 12.7 + 25.4 / 2], [4.7625 + 2 * 69.85 + 66.675 / 2, 12.7 + 9 * 25.4 + 25.4 / 2]],
    ['avery-l4778', 48, [9.7 + 45.7 / 2, 21.3 + 21.2 / 2], [9.7 + 3 * 48.3 + 45.7 / 2, 21.3 + 11 * 21.2 + 21.2 / 2]],
    ['tape-62', 1, [31, 14.5], [31, 14.5]],
    ['tape-24', 1, [35, 12], [35, 12]],
  ] as const)('%s: %i labels a page, the first and last cells centred where the sheet has them', (layout, perPage, first, last) => {
    const sheet = LABEL_SHEETS[layout];
    expect(labelsPerPage(sheet)).toBe(perPage);
    // What the page tells people before they download agrees.
    expect(QR_LABELS_PER_PAGE[layout]).toBe(perPage);
    const a = cellCentre(labelCell(sheet, 0));
    close(a.x, first[0]);
    close(a.y, first[1]);
    const b = cellCentre(labelCell(sheet, perPage - 1));
    close(b.x, last[0]);
    close(b.y, last[1]);
    expect(labelCell(sheet, perPage - 1).page).toBe(0);
    // The next label starts the next page in the first cell.
    const next = labelCell(sheet, perPage);
    expect(next.page).toBe(1);
    const again = cellCentre(next);
    close(again.x, first[0]);
    close(again.y, first[1]);
  });

  it('fills a sheet row by row, left to right', () => {
    const sheet = LABEL_SHEETS['avery-l7160'];
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => labelCell(sheet, i));
    close(b!.left - a!.left, 66);
    close(c!.left - b!.left, 66);
    close(b!.top, a!.top);
    close(d!.left, a!.left);
    close(d!.top - a!.top, 38.1);
  });

  it.each(QR_LABEL_LAYOUTS)('%s: every label lies on its paper, the margins left and right alike', (layout) => {
    const sheet = LABEL_SHEETS[layout];
    for (let i = 0; i < labelsPerPage(sheet); i++) {
      const cell = labelCell(sheet, i);
      expect(cell.left).toBeGreaterThanOrEqual(0);
      expect(cell.top).toBeGreaterThanOrEqual(0);
      expect(cell.left + cell.width).toBeLessThanOrEqual(sheet.paper.width + 1e-9);
      expect(cell.top + cell.height).toBeLessThanOrEqual(sheet.paper.height + 1e-9);
    }
    const last = labelCell(sheet, labelsPerPage(sheet) - 1);
    const right = sheet.paper.width - (last.left + last.width);
    expect(Math.abs(right - sheet.first.left)).toBeLessThan(0.2);
    const bottom = sheet.paper.height - (last.top + last.height);
    expect(Math.abs(bottom - sheet.first.top)).toBeLessThan(0.2);
  });

  it.each(QR_LABEL_LAYOUTS)('%s: the code is a square inside the label, its centre at the square\'s, beside the text', (layout) => {
    const sheet = LABEL_SHEETS[layout];
    const cell = labelCell(sheet, 0);
    const code = codeSquare(sheet, cell);
    close(code.left, cell.left + sheet.inset);
    close(code.side, cell.height - 2 * sheet.inset);
    // Vertically centred in the label, so its centre is on the label's middle line.
    close(code.top + code.side / 2, cellCentre(cell).y);
    expect(code.left + code.side).toBeLessThan(cell.left + cell.width);
    const centre = codeCentre(sheet, 0);
    expect(centre.page).toBe(0);
    close(centre.x, code.left + code.side / 2);
    close(centre.y, code.top + code.side / 2);
    // The text stands to the right of the code (its quiet zone between them), inside the label.
    const text = textBox(sheet, cell);
    expect(text.left).toBeGreaterThanOrEqual(code.left + code.side);
    expect(text.left + text.width).toBeLessThanOrEqual(cell.left + cell.width - sheet.inset + 1e-9);
    expect(text.width).toBeGreaterThan(15);
  });

  it('counts the pages a number of labels takes', () => {
    expect(pagesFor(LABEL_SHEETS['avery-l7160'], 0)).toBe(1);
    expect(pagesFor(LABEL_SHEETS['avery-l7160'], 21)).toBe(1);
    expect(pagesFor(LABEL_SHEETS['avery-l7160'], 22)).toBe(2);
    expect(pagesFor(LABEL_SHEETS['tape-62'], 12)).toBe(12);
  });

  it('the paper of each layout: A4, US Letter, the tape labels as their own pages', () => {
    expect(LABEL_SHEETS['avery-l7160'].paper).toMatchObject({ width: 210, height: 297 });
    expect(LABEL_SHEETS['avery-l4778'].paper).toMatchObject({ width: 210, height: 297 });
    close(LABEL_SHEETS['avery-5160'].paper.width, 215.9);
    close(LABEL_SHEETS['avery-5160'].paper.height, 279.4);
    expect(LABEL_SHEETS['tape-62'].paper).toMatchObject({ width: 62, height: 29 });
    expect(LABEL_SHEETS['tape-24'].paper).toMatchObject({ width: 70, height: 24 });
  });
});
