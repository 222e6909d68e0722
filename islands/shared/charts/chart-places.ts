/**
 * Where THE charts of a results page stand, before and after their numbers (issues #42, #45): the page
 * knows from its document which charts may come (a checklist's submissions and its chartable questions;
 * a sheet's number, decimal and date-time columns), so each has its place, of a chart's fixed size, from
 * the start; the grid below never moves as they arrive. Pure: ./ResultsCharts.tsx draws the places.
 */
import type { ChartSpec } from './chart-spec.ts';

/** A chart that may come: its card's id (the spec's), title, and what its card says when the range has nothing for it. */
export interface PlannedChart {
  id: string;
  title: string;
  nothing?: string;
}

export const NO_ANSWERS = 'No answers in this range.';

/**
 * A chart's place: `waiting` for its numbers (or for uPlot: `spec` is then known), `drawn` with them, or
 * `empty` (nothing in the range: the card keeps its size and says so).
 */
export type ChartPlace = PlannedChart & ({ state: 'waiting' } | { state: 'drawn'; spec: ChartSpec } | { state: 'empty' });

/**
 * The places of the page: every planned chart in its order while the numbers are read (`charts`
 * undefined); then each with its spec, or empty — unless `dropped` (an empty card that stood below the
 * screen, taken away without moving what the person sees). A chart not planned (a question of an older
 * version) comes last.
 */
export function chartPlaces(planned: readonly PlannedChart[], charts: readonly ChartSpec[] | undefined, dropped: ReadonlySet<string>): ChartPlace[] {
  if (!charts) return planned.map((p) => ({ ...p, state: 'waiting' }));
  const byId = new Map(charts.map((spec) => [spec.id, spec]));
  const places: ChartPlace[] = [];
  for (const p of planned) {
    const spec = byId.get(p.id);
    if (spec) places.push({ id: p.id, title: spec.title, state: 'drawn', spec });
    else if (!dropped.has(p.id)) places.push({ ...p, state: 'empty' });
  }
  const known = new Set(planned.map((p) => p.id));
  for (const spec of charts) if (!known.has(spec.id)) places.push({ id: spec.id, title: spec.title, state: 'drawn', spec });
  return places;
}
