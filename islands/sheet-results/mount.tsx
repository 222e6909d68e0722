/**
 * The viewer of a result sheet (the results grid) and of a report (its cards), and the results grid of
 * /documentation/results/{id}: src/screens/doctypes/registry.ts imports this module at run time, so React
 * and the grid load only for sheets and reports. No Shoelace here: plain controls styled by theme.css.
 */
import gridStyles from '../shared/data-grid.css?inline';
import resultStyles from './results.css?inline';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addStyles } from '../../src/client/dom.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { ReportView } from './ReportView.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';

function render(container: HTMLElement, body: React.ReactNode): void {
  addStyles(gridStyles, resultStyles);
  createRoot(container).render(<StrictMode>{body}</StrictMode>);
}

/** The document page's body: the grid for a sheet, the cards for a report. */
export function mount(container: HTMLElement, document: Document): void {
  render(container, document.doctype === 'report' ? <ReportView document={document} /> : <ResultsGrid document={document} />);
}

/** The results grid, whatever the doctype (a report's rows too): /documentation/results/{id}. */
export const grid = {
  mount(container: HTMLElement, document: Document): void {
    render(container, <ResultsGrid document={document} />);
  },
};
