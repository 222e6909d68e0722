import { describe, expect, it } from 'vitest';
import { chartPlaces } from '../../../../../islands/shared/charts/chart-places.ts';
import type { ChartSpec } from '../../../../../islands/shared/charts/chart-spec.ts';

const spec = (id: string, title = id): ChartSpec => ({ id, title, kind: 'submissions', x: [], span: [0, 1], series: [], failing: [], table: { headers: [], rows: [] } });
const planned = [
  { id: 'submissions', title: 'Submissions', nothing: 'No submissions in this range.' },
  { id: 'question-a', title: 'A' },
  { id: 'question-b', title: 'B' },
];

describe('the places of a results page’s charts', () => {
  it('every planned chart waits in its place while the numbers are read', () => {
    expect(chartPlaces(planned, undefined, new Set()).map((p) => [p.id, p.state])).toEqual([
      ['submissions', 'waiting'],
      ['question-a', 'waiting'],
      ['question-b', 'waiting'],
    ]);
  });

  it('then each is drawn or empty in the same order; a dropped empty one goes; one not planned comes last', () => {
    const places = chartPlaces(planned, [spec('question-old', 'Old'), spec('question-b', 'B'), spec('submissions', 'Submissions')], new Set(['question-a']));
    expect(places.map((p) => [p.id, p.state])).toEqual([
      ['submissions', 'drawn'],
      ['question-b', 'drawn'],
      ['question-old', 'drawn'],
    ]);
    const kept = chartPlaces(planned, [spec('submissions')], new Set());
    expect(kept.map((p) => [p.id, p.state])).toEqual([
      ['submissions', 'drawn'],
      ['question-a', 'empty'],
      ['question-b', 'empty'],
    ]);
  });

  it('a dropped chart comes back when its range has answers again', () => {
    expect(chartPlaces(planned, [spec('question-a', 'A')], new Set(['question-a', 'question-b'])).map((p) => [p.id, p.state])).toEqual([
      ['submissions', 'empty'],
      ['question-a', 'drawn'],
    ]);
  });
});
