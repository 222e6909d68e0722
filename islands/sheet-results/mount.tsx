/**
 * The viewer of a result sheet (the results grid) and of a report (its cards), and the results grid of
 * /documentation/results/{id}: src/screens/doctypes/registry.ts imports this module at run time, so React
 * and the grid load only for sheets and reports. No Shoelace here: plain controls styled by theme.css.
 *
 * A sheet's viewer whose grid the server drew in the page's first HTML (issue #31,
 * src/shared/first-paint/sheet-results.ts) keeps that drawing until the grid has its first page: the grid
 * renders in a hidden box beside it, and as it draws its rows (before the browser paints them) the drawing
 * goes and the box shows, in the same place and size: nothing moves, the page's scroll stays, and the focus
 * (never in the inert drawing) is where it was.
 */
import gridStyles from '../shared/data-grid.css?inline';
import resultStyles from './results.css?inline';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addStyles } from '../../src/client/dom.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { SHEET_FIRST_PAINT } from '../../src/shared/first-paint/sheet-results.ts';
import { ReportView } from './ReportView.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';

function render(container: HTMLElement, body: React.ReactNode): void {
  addStyles(gridStyles, resultStyles);
  createRoot(container).render(<StrictMode>{body}</StrictMode>);
}

/** The document page's body: the grid for a sheet, the cards for a report. */
export function mount(container: HTMLElement, document: Document): void {
  if (document.doctype === 'report') return render(container, <ReportView document={document} />);
  const drawn = container.querySelector<HTMLElement>(`[data-first-paint="${SHEET_FIRST_PAINT}"]`);
  if (!drawn) return render(container, <ResultsGrid document={document} />);
  const box = container.ownerDocument.createElement('div');
  box.hidden = true;
  container.append(box);
  render(box, <ResultsGrid document={document} onFirstPage={() => takeOver(container, drawn, box)} />);
}

/** The grid in `box` takes the place of the server's drawing (called before the browser paints its rows). */
function takeOver(container: HTMLElement, drawn: HTMLElement, box: HTMLElement): void {
  const scrolled = drawn.querySelector('.data-grid-scroll')?.scrollLeft ?? 0;
  for (const style of container.querySelectorAll(':scope > style')) style.remove(); // the same rules are in the head now (addStyles)
  drawn.remove();
  box.hidden = false;
  const scroller = box.querySelector('.data-grid-scroll');
  if (scroller) scroller.scrollLeft = scrolled;
}

/** The results grid, whatever the doctype (a report's rows too): /documentation/results/{id}. */
export const grid = {
  mount(container: HTMLElement, document: Document): void {
    render(container, <ResultsGrid document={document} />);
  },
};
