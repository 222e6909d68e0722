/**
 * Geometry checks of tables (issue #32 "Tables that fit"): no word broken across lines inside a cell,
 * every column reachable (inside its scroll container, or the container scrolls and shows its edge),
 * and a cell's parts kept on one line. They read the page's own layout (Range rects, bounding boxes).
 */
import { expect, type Locator } from '@playwright/test';

/**
 * The words (runs of non-space characters) of the visible text under `scope` that the browser wrapped
 * onto more than one line: 'bob@ex' / 'ample.com' is one. Text only screen readers get is left out.
 */
export function brokenWords(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.visually-hidden') || parent.getBoundingClientRect().width < 2) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

export async function expectNoBrokenWords(scope: Locator, what: string): Promise<void> {
  expect(await brokenWords(scope), `words broken across lines in ${what}`).toEqual([]);
}

/**
 * Every column header of `table` ends inside the table's scroll container, or the container scrolls
 * sideways and shows that it does: its right edge mark (`.data-grid-edge[data-side=right]`) is visible
 * over the container's right edge. Returns whether the table overflowed.
 */
export async function expectColumnsReachable(table: Locator): Promise<boolean> {
  const report = await table.evaluate((element) => {
    const scroller = element.closest('.data-grid-scroll') as HTMLElement;
    const box = scroller.getBoundingClientRect();
    const cut = [...element.querySelectorAll('thead th')]
      .filter((th) => th.getBoundingClientRect().right > box.right + 0.5)
      .map((th) => th.textContent?.trim() ?? '');
    const style = getComputedStyle(scroller);
    const edge = scroller.parentElement?.querySelector<HTMLElement>('.data-grid-edge[data-side="right"]');
    const edgeBox = edge?.getBoundingClientRect();
    const edgeShown = !!edge && getComputedStyle(edge).display !== 'none' && getComputedStyle(edge).opacity !== '0' && !!edgeBox && edgeBox.width > 0 && Math.abs(edgeBox.right - box.right) < 2;
    return { cut, scrolls: scroller.scrollWidth > scroller.clientWidth && /auto|scroll/.test(style.overflowX), edgeShown };
  });
  if (report.cut.length > 0) {
    expect(report.scrolls, `columns past the edge (${report.cut.join(', ')}): the container scrolls sideways`).toBe(true);
    expect(report.edgeShown, `columns past the edge (${report.cut.join(', ')}): the right edge shows there is more`).toBe(true);
  }
  return report.cut.length > 0;
}

/** The element's text sits on one line (a date: 'November 29, 2026, 10:02 AM' never wraps). */
export async function expectOneLine(element: Locator, what: string): Promise<void> {
  const lines = await element.evaluate((el) => {
    // The text's own boxes (not its elements' boxes, whose heights differ): one line holds them all.
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    const tops: number[] = [];
    for (const box of boxes) if (!tops.some((top) => Math.abs(top - box.top) < box.height / 2)) tops.push(box.top);
    return tops.length;
  });
  expect(lines, `${what} on one line`).toBe(1);
}
