/**
 * THE chart cards of the results pages (issue #45: a checklist's, a result sheet's number and date
 * columns): the chart (uPlot, ./uplot-chart.ts) in its card's frame (./ChartFrame.tsx, of a fixed size),
 * Save as PNG, and the table of its numbers beside it (for screen readers and for copying; each bucket's
 * name is a button that does what a click on the chart's bucket does). Loaded with uPlot by a dynamic
 * import (./ResultsCharts.tsx): only a results page, once its numbers are in.
 */
import uplotStyles from 'uplot/dist/uPlot.min.css?inline';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { addStyles, saveBlob } from '../../../src/client/dom.ts';
import type { ChartSpec } from './chart-spec.ts';
import { ChartFrame } from './ChartFrame.tsx';
import { chartPng, drawChart } from './uplot-chart.ts';

addStyles(uplotStyles);

interface Props {
  spec: ChartSpec;
  /** The document's name: the PNG files are named after it. */
  name: string;
  onBucket: (start: number) => void;
}

const fileName = (name: string, title: string) => `${name} - ${title}.png`.replace(/[\\/:*?"<>|]+/g, '-');

export default function ChartCard({ spec, name, onBucket }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  const clicked = useRef(onBucket);
  clicked.current = onBucket;

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
    <ChartFrame id={spec.id} title={spec.title} save={() => void save()}>
      {/* The picture; its numbers are the table beside it. */}
      <div className="checklist-chart-canvas" ref={box} role="img" aria-label={`${spec.title}: chart (its numbers are in the table beside it)`} />
      <ChartTable spec={spec} onBucket={onBucket} />
    </ChartFrame>
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
