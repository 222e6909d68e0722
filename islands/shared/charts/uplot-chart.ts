/**
 * One chart of a checklist's results drawn with uPlot (issue #45; docs/libraries.md: ~20 KB gzip, canvas,
 * fast with thousands of points). This module and uPlot load only when a results page shows its charts
 * (a dynamic import of ./ChartCards.tsx).
 *
 * Failing is never colour alone: failing bars are hatched, and every bucket with a failing answer is
 * marked ✕ on the chart (and says so in the table beside it). Colours are the theme's, dark enough for
 * 3:1 against the white card (WCAG 1.4.11).
 */
import uPlot from 'uplot';
import { CHART_HEIGHT, type ChartSeries, type ChartSpec } from './chart-spec.ts';

/** The theme's colours (src/styles/theme.css), read once from the page. */
function palette() {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--rb-text', '#1c1f26'),
    muted: read('--rb-text-muted', '#4f5666'),
    grid: read('--rb-border', '#c9cdd6'),
    valid: read('--rb-success', '#1e6b34'),
    failing: read('--rb-danger', '#b3261e'),
    answers: [read('--rb-primary', '#1a2238'), read('--rb-focus', '#2f6fed'), read('--rb-warning', '#8a5a00'), '#6b3fa0', '#0f6b6b', '#8c2f6b'],
  };
}
type Palette = ReturnType<typeof palette>;

/** Diagonal white lines over the failing colour: failing bars read as failing without colour. */
function hatch(colour: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const ctx = tile.getContext('2d');
  if (!ctx) return colour;
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 8, 8);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(0, 8);
  ctx.lineTo(8, 0);
  ctx.stroke();
  return ctx.createPattern(tile, 'repeat') ?? colour;
}

const DASHES = [[], [6, 3], [2, 3], [10, 3, 2, 3], [4, 4], [1, 2]];

function seriesOf(spec: ChartSpec, colours: Palette): uPlot.Series[] {
  const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
  let answer = 0;
  return spec.series.map((s: ChartSeries): uPlot.Series => {
    switch (s.role) {
      case 'valid':
        // Drawn as the whole bar (valid + failing); the failing bar is drawn over its foot.
        return { label: s.label, stroke: colours.valid, fill: colours.valid, paths: bars, points: { show: false }, value: (_u, _v, _s, i) => (i === null ? '' : String(s.values[i] ?? '')) };
      case 'failing':
        return { label: s.label, stroke: colours.failing, fill: hatch(colours.failing), paths: bars, points: { show: false } };
      case 'answer': {
        const n = answer++;
        return { label: s.label, stroke: colours.answers[n % colours.answers.length], width: 2, dash: DASHES[n % DASHES.length], points: { show: true, size: 6 } };
      }
      case 'share':
        return { label: s.label, scale: '%', stroke: colours.failing, width: 2, dash: [8, 4], points: { show: true, size: 7, fill: colours.failing } };
      case 'median':
        return { label: s.label, stroke: colours.answers[0], width: 2, points: { show: true, size: 6 } };
      default:
        return { label: s.label, stroke: colours.muted, width: 1, dash: [3, 3], points: { show: false } };
    }
  });
}

/** The data uPlot draws: x, then each series (the valid bar stacked: valid + failing). */
function dataOf(spec: ChartSpec): uPlot.AlignedData {
  const values = spec.series.map((s) => s.values);
  if (spec.kind === 'submissions') {
    const [valid, failing] = values as [number[], number[]];
    return [spec.x, valid.map((v, i) => v + (failing[i] ?? 0)), failing];
  }
  return [spec.x, ...values];
}

/** Where a failing bucket's ✕ goes: its outlying value (values), its failing bar or share (others). */
function markAt(spec: ChartSpec, i: number): { value: number; scale: string } | undefined {
  const at = (role: string) => spec.series.find((s) => s.role === role)?.values[i] ?? null;
  if (spec.kind === 'values') {
    const high = at('max');
    const low = at('min');
    const band = spec.band;
    const value = band?.max !== null && band?.max !== undefined && high !== null && high > band.max ? high : low ?? high;
    return value === null ? undefined : { value, scale: 'y' };
  }
  if (spec.kind === 'answers') {
    const share = at('share');
    return share === null ? undefined : { value: share, scale: '%' };
  }
  const failing = at('failing');
  return failing === null ? undefined : { value: failing, scale: 'y' };
}

function drawMarks(u: uPlot, spec: ChartSpec, colours: Palette): void {
  const ctx = u.ctx;
  ctx.save();
  ctx.fillStyle = colours.failing;
  ctx.font = `bold ${Math.round(14 * devicePixelRatio)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  spec.failing.forEach((failing, i) => {
    const mark = failing ? markAt(spec, i) : undefined;
    if (!mark) return;
    ctx.fillText('✕', u.valToPos(spec.x[i]!, 'x', true), u.valToPos(mark.value, mark.scale, true) - 2 * devicePixelRatio);
  });
  ctx.restore();
}

/** A number question's validation range behind its values: a light band with edges. */
function drawBand(u: uPlot, spec: ChartSpec, colours: Palette): void {
  if (!spec.band) return;
  const { left, top, width, height } = u.bbox;
  const y = (v: number | null, fallback: number) => (v === null ? fallback : Math.min(top + height, Math.max(top, u.valToPos(v, 'y', true))));
  const upper = y(spec.band.max, top);
  const lower = y(spec.band.min, top + height);
  const ctx = u.ctx;
  ctx.save();
  ctx.fillStyle = 'rgba(30, 107, 52, 0.12)';
  ctx.fillRect(left, upper, width, lower - upper);
  ctx.strokeStyle = colours.valid;
  ctx.setLineDash([4, 4]);
  for (const edge of [spec.band.max === null ? undefined : upper, spec.band.min === null ? undefined : lower]) {
    if (edge === undefined) continue;
    ctx.beginPath();
    ctx.moveTo(left, edge);
    ctx.lineTo(left + width, edge);
    ctx.stroke();
  }
  ctx.restore();
}

function yRange(spec: ChartSpec): uPlot.Scale['range'] {
  if (spec.kind !== 'values') return (_u, _min, max) => [0, Math.max(1, max)];
  return (_u, min, max) => {
    const low = Math.min(min, spec.band?.min ?? min);
    const high = Math.max(max, spec.band?.max ?? max);
    const pad = (high - low) * 0.1 || 1;
    return [low - pad, high + pad];
  };
}

/** Draws `spec` into `container`; a click on a bucket calls `onBucket` with its start. Answers the chart. */
export function drawChart(container: HTMLElement, spec: ChartSpec, width: number, onBucket: (start: number) => void): uPlot {
  const colours = palette();
  const axis = { stroke: colours.muted, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid } };
  const options: uPlot.Options = {
    width,
    height: CHART_HEIGHT,
    scales: { x: { time: true, range: () => spec.span }, y: { range: yRange(spec) }, '%': { range: [0, 100] } },
    axes: [axis, { ...axis, size: 48 }, ...(spec.kind === 'answers' ? [{ ...axis, scale: '%', side: 1 as const, grid: { show: false }, values: (_u: uPlot, ticks: number[]) => ticks.map((t) => `${t}%`) }] : [])],
    series: [{}, ...seriesOf(spec, colours)],
    bands: spec.kind === 'values' ? [{ series: [3, 1], fill: 'rgba(26, 34, 56, 0.1)' }] : [],
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    hooks: { drawClear: [(u) => drawBand(u, spec, colours)], draw: [(u) => drawMarks(u, spec, colours)] },
  };
  const chart = new uPlot(options, dataOf(spec), container);
  chart.over.addEventListener('click', () => {
    const i = chart.cursor.idx;
    if (i !== null && i !== undefined && spec.x[i] !== undefined) onBucket(spec.x[i]);
  });
  return chart;
}

/** The chart as a PNG: on white, its title above (the legend's words are in the table beside it). */
export function chartPng(chart: uPlot, title: string): Promise<Blob | null> {
  const source = chart.ctx.canvas;
  const head = Math.round(32 * devicePixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height + head;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#1c1f26';
  ctx.font = `bold ${Math.round(16 * devicePixelRatio)}px system-ui, sans-serif`;
  ctx.fillText(title, 8 * devicePixelRatio, head - 10 * devicePixelRatio);
  ctx.drawImage(source, 0, head);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
