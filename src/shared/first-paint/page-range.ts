/**
 * THE grid's range of a page (islands/shared/DataGrid.tsx's pager), also written by a grid's first paint
 * (./sheet-results.ts): one function, so the two cannot differ.
 */

/** "1–100 of 2,345" ("of 2,345+" when the total is a lower bound), or "0 of 0" for an empty list. */
export function pageRange(skip: number, shown: number, total: number, atLeast = false): string {
  const n = new Intl.NumberFormat();
  const of = `${n.format(total)}${atLeast ? '+' : ''}`;
  if (total === 0 || shown === 0) return `0 of ${of}`;
  return `${n.format(skip + 1)}–${n.format(skip + shown)} of ${of}`;
}
