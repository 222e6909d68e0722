/**
 * A checklist's results page (issue #45): /documentation/results/{id} of a checklist
 * (src/screens/doctypes/registry.ts `results`). Its reads start as it mounts (no server first paint this
 * round); uPlot loads later, with the charts (islands/shared/charts/ChartCards.tsx).
 */
import gridStyles from '../shared/data-grid.css?inline';
import resultStyles from './checklist-results.css?inline';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addStyles } from '../../src/client/dom.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { ChecklistResults } from './ChecklistResults.tsx';

export const grid = {
  mount(container: HTMLElement, document: Document): void {
    addStyles(gridStyles, resultStyles);
    createRoot(container).render(
      <StrictMode>
        <ChecklistResults document={document} />
      </StrictMode>,
    );
  },
};
