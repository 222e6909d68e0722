/**
 * THE frame of a chart's card (issue #45): its title, Save as PNG, and a body of a fixed size (charts.css:
 * the picture and the table of its numbers side by side, one above the other below 900 px). The drawn card
 * (./ChartCards.tsx), its place while it loads and an empty card (./ResultsCharts.tsx) share it, so they
 * are the same size: nothing below moves when one becomes the other.
 */
import type { ReactNode } from 'react';

export const SAVE_AS_PNG = 'Save as PNG';

interface Props {
  id: string;
  title: string;
  /** The drawn card's Save as PNG; other cards keep its room with an invisible one. */
  save?: (() => void) | undefined;
  /** A place still loading: not in the accessibility tree (the page says "Loading the charts…" once). */
  waiting?: boolean;
  children: ReactNode;
}

export function ChartFrame({ id, title, save, waiting = false, children }: Props) {
  const headingId = `chart-${id}-title`;
  return (
    <section
      className={waiting ? 'checklist-chart checklist-chart-waiting' : 'checklist-chart'}
      aria-labelledby={waiting ? undefined : headingId}
      aria-hidden={waiting || undefined}
      data-chart={id}
    >
      <div className="checklist-chart-head">
        <h2 id={waiting ? undefined : headingId}>{title}</h2>
        {save ? (
          <button type="button" className="button text" onClick={save}>
            {SAVE_AS_PNG}
          </button>
        ) : (
          <button type="button" className="button text checklist-chart-save-room" tabIndex={-1} aria-hidden="true" disabled>
            {SAVE_AS_PNG}
          </button>
        )}
      </div>
      <div className="checklist-chart-body">{children}</div>
    </section>
  );
}
