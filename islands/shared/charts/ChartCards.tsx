/**
 * THE charts of the results pages (issue #45: a checklist's, a result sheet's number and date columns): one
 * card per chart — the chart (uPlot, ./uplot-chart.ts), Save as PNG, and the table of its numbers beside
 * it (for screen readers and for copying; each bucket's name is a button that does what a click on the
 * chart's bucket does). Loaded with uPlot by a dynamic import: only a results page, once its numbers are in.
 */
import uplotStyles from 'uplot/dist/uPlot.min.css?inline';
import chartStyles from './charts.css?inline';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { addStyles, saveBlob } from '../../../src/client/dom.ts';
import type { ChartSpec } from './chart-spec.ts';
import { chartPng, drawChart } from './uplot-chart.ts';

addStyles(uplotStyles, chartStyles);

export const SAVE_AS_PNG = 'Save as PNG';

interface Props {
  charts: readonly ChartSpec[];
  /** The checklist's name: the PNG files are named after it. */
  name: string;
  onBucket: (start: number) => void;
}

export default function ChartCards({ charts, name, onBucket }: Props) {
  return (
    <div className="checklist-charts">
      {charts.map((spec) => (
        <ChartCard key={spec.id} spec={spec} name={name} onBucket={onBucket} />
      ))}
    </div>
  );
}

const fileName = (name: string, title: string) => `${name} - ${title}.png`.replace(/[\\/:*?"<>|]+/g, '-');

function ChartCard({ spec, name, onBucket }: { spec: ChartSpec; name: string; onBucket: (start: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  const clicked = useRef(onBucket);
  clicked.current = onBucket;
  const headingId = `chart-${spec.id}-title`;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    chart.current = drawChart(element, spec, width(), (start) => clicked.current(start));
    const observer = new ResizeObserver(() => chart.current?.setSize({ width: width(), height: chart.current.height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.destroy();
      chart.current = undefined;
    };
  }, [spec]);

  const save = async () => {
    if (!chart.current) return;
    const blob = await chartPng(chart.current, spec.title);
    if (blob) saveBlob(blob, fileName(name, spec.title));
  };

  return (
    <section className="checklist-chart" aria-labelledby={headingId}>
      <div className="checklist-chart-head">
        <h2 id={headingId}>{spec.title}</h2>
        <button type="button" className="button text" onClick={() => void save()}>
          {SAVE_AS_PNG}
        </button>
      </div>
      <div className="checklist-chart-body">
        {/* The picture; its numbers are the table beside it. */}
        <div className="checklist-chart-canvas" ref={box} role="img" aria-label={`${spec.title}: chart (its numbers are in the table beside it)`} />
        <ChartTable spec={spec} onBucket={onBucket} />
      </div>
    </section>
  );
}

function ChartTable({ spec, onBucket }: { spec: ChartSpec; onBucket: (start: number) => void }) {
  return (
    <div className="checklist-chart-table" tabIndex={0} role="region" aria-label={`${spec.title}: the numbers`}>
      <table>
        <thead>
          <tr>
            {spec.table.headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spec.table.rows.map((row, i) => (
            <tr key={spec.x[i]} className={spec.failing[i] ? 'checklist-chart-failing' : undefined}>
              <th scope="row">
                <button type="button" className="checklist-chart-bucket" onClick={() => onBucket(spec.x[i]!)} aria-label={`Show the rows of ${row[0]}`}>
                  {row[0]}
                </button>
              </th>
              {row.slice(1).map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
