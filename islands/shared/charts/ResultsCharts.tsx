/**
 * THE charts of a results page in their places (issues #42, #45): every chart that may come has a card of
 * a chart's size from the first render (./chart-places.ts), so the grid below never moves while the
 * numbers are read and uPlot loads (a dynamic import of ./ChartCards.tsx, one chunk for all cards). The
 * page says "Loading the charts…" once, to screen readers; the waiting cards are hidden from them.
 *
 * A card whose chart has nothing in the range keeps its size and says so; one that stands wholly below the
 * screen goes (in a layout effect, before the browser paints): the page shrinks where nobody looks.
 */
import chartStyles from './charts.css?inline';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { addStyles } from '../../../src/client/dom.ts';
import { chartPlaces, NO_ANSWERS, type ChartPlace, type PlannedChart } from './chart-places.ts';
import type { ChartSpec } from './chart-spec.ts';
import { ChartFrame } from './ChartFrame.tsx';

addStyles(chartStyles);

const ChartCard = lazy(() => import('./ChartCards.tsx'));

export const LOADING_CHARTS = 'Loading the charts…';

interface Props {
  planned: readonly PlannedChart[];
  /** The charts of the numbers read; undefined while they are read. */
  charts: readonly ChartSpec[] | undefined;
  /** The document's name: the PNG files are named after it. */
  name: string;
  onBucket: (start: number) => void;
}

export function ResultsCharts({ planned, charts, name, onBucket }: Props) {
  const [dropped, setDropped] = useState<ReadonlySet<string>>(() => new Set());
  const box = useRef<HTMLDivElement>(null);
  const places = chartPlaces(planned, charts, dropped);
  const empty = places.filter((p) => p.state === 'empty').map((p) => p.id);
  const emptyKey = empty.join(' ');
  useLayoutEffect(() => {
    const ids = new Set(emptyKey.split(' '));
    const below = [...(box.current?.querySelectorAll<HTMLElement>('[data-chart]') ?? [])]
      .filter((card) => ids.has(card.dataset.chart!) && card.getBoundingClientRect().top >= window.innerHeight)
      .map((card) => card.dataset.chart!);
    if (below.length) setDropped((d) => new Set([...d, ...below]));
  }, [emptyKey]);
  const waiting = (place: ChartPlace) => <WaitingCard key={place.id} place={place} />;
  return (
    <div className="checklist-charts" ref={box}>
      <p className="visually-hidden" role="status">
        {charts ? '' : LOADING_CHARTS}
      </p>
      {places.map((place) =>
        place.state === 'drawn' ? (
          <Suspense key={place.id} fallback={waiting(place)}>
            <ChartCard spec={place.spec} name={name} onBucket={onBucket} />
          </Suspense>
        ) : place.state === 'empty' ? (
          <ChartFrame key={place.id} id={place.id} title={place.title}>
            <p className="checklist-chart-nothing">{place.nothing ?? NO_ANSWERS}</p>
          </ChartFrame>
        ) : (
          waiting(place)
        ),
      )}
    </div>
  );
}

/** A card's place while its numbers or uPlot load: its title, a blank picture and table of their size. */
function WaitingCard({ place }: { place: ChartPlace }) {
  return (
    <ChartFrame id={place.id} title={place.title} waiting>
      <div className="checklist-chart-canvas checklist-chart-blank" />
      <div className="checklist-chart-table checklist-chart-blank" />
    </ChartFrame>
  );
}
