import { describe, expect, it } from 'vitest';
import { MIN_ZOOM, SELECT_ZOOM } from '../../../../src/shared/presentations/model.ts';
import {
  clampView,
  clampZoom,
  fitScale,
  fittedView,
  MAX_ZOOM,
  pagePoint,
  panBy,
  pinchZoom,
  shapeBounds,
  shapeCentre,
  wheelZoom,
  zoomAt,
  zoomToShape,
} from '../../../../src/shared/presentations/zoom.ts';

const viewport = { width: 800, height: 600 };
const landscape = { width: 1600, height: 900 }; // fits by width: scale 0.5, 450 high
const portrait = { width: 900, height: 1600 }; // fits by height: scale 0.375, 337.5 wide
const shape = { x: 100, y: 100, width: 200, height: 100, rotation: 0 };

describe('clampZoom', () => {
  it('never goes below the minimum zoom of 1 nor above the maximum', () => {
    expect(clampZoom(0.2)).toBe(MIN_ZOOM);
    expect(clampZoom(-3)).toBe(MIN_ZOOM);
    expect(clampZoom(1.5)).toBe(1.5);
    expect(clampZoom(99)).toBe(MAX_ZOOM);
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(MAX_ZOOM);
  });
});

describe('fittedView', () => {
  it('fits a landscape page by its width and centres it vertically', () => {
    expect(fitScale(viewport, landscape)).toBe(0.5);
    expect(fittedView(viewport, landscape)).toEqual({ zoom: 1, scale: 0.5, x: 0, y: 75 });
  });

  it('fits a portrait page by its height and centres it horizontally', () => {
    const view = fittedView(viewport, portrait);
    expect(view.scale).toBe(0.375);
    expect(view.x).toBeCloseTo((800 - 337.5) / 2);
    expect(view.y).toBe(0);
  });

  it('survives an empty viewport or a page without a size', () => {
    expect(fitScale({ width: 0, height: 0 }, landscape)).toBe(1);
    expect(fitScale(viewport, { width: 0, height: 0 })).toBe(1);
  });
});

describe('clampView (pan bounds)', () => {
  it('keeps a zoomed page covering the viewport: no margin can be panned into view', () => {
    const zoomed = clampView({ zoom: 2, scale: 1, x: 50, y: 50 }, viewport, landscape);
    expect(zoomed).toEqual({ zoom: 2, scale: 1, x: 0, y: 0 });
    const far = clampView({ zoom: 2, scale: 1, x: -5000, y: -5000 }, viewport, landscape);
    expect(far).toEqual({ zoom: 2, scale: 1, x: 800 - 1600, y: 600 - 900 });
  });

  it('centres the page along an axis where it is still smaller than the viewport', () => {
    // portrait at zoom 2: 675 wide (< 800) and 1200 high
    const view = clampView({ zoom: 2, scale: 0, x: -300, y: 10 }, viewport, portrait);
    expect(view.scale).toBe(0.75);
    expect(view.x).toBeCloseTo((800 - 675) / 2);
    expect(view.y).toBe(0);
  });

  it('brings a zoom below 1 back to the fitted page', () => {
    expect(clampView({ zoom: 0.3, scale: 0.15, x: 0, y: 0 }, viewport, landscape)).toEqual(fittedView(viewport, landscape));
  });
});

describe('zoomAt (wheel and pinch)', () => {
  it('keeps the page point under the pointer where it is', () => {
    const start = fittedView(viewport, landscape);
    const at = { x: 400, y: 300 };
    const before = pagePoint(start, at);
    const zoomed = zoomAt(start, viewport, landscape, 2, at);
    expect(zoomed.zoom).toBe(2);
    expect(pagePoint(zoomed, at).x).toBeCloseTo(before.x);
    expect(pagePoint(zoomed, at).y).toBeCloseTo(before.y);
  });

  it('cannot zoom out past the fitted page', () => {
    const start = fittedView(viewport, landscape);
    expect(zoomAt(start, viewport, landscape, 0.5, { x: 10, y: 10 })).toEqual(start);
  });

  it('wheel: a notch in multiplies by the step, out divides, never below 1', () => {
    expect(wheelZoom(1, -100)).toBeCloseTo(1.2);
    expect(wheelZoom(2, 100)).toBeCloseTo(2 / 1.2);
    expect(wheelZoom(1, 300)).toBe(MIN_ZOOM);
  });

  it('pinch: the zoom follows the fingers’ distance', () => {
    expect(pinchZoom(1, 100, 250)).toBeCloseTo(2.5);
    expect(pinchZoom(2, 200, 50)).toBe(MIN_ZOOM);
    expect(pinchZoom(2, 0, 50)).toBe(2);
  });
});

describe('panBy', () => {
  it('moves a zoomed page and stops at its edges', () => {
    const zoomed = zoomAt(fittedView(viewport, landscape), viewport, landscape, 2, { x: 400, y: 300 });
    const moved = panBy(zoomed, viewport, landscape, 30, -20);
    expect(moved.x).toBeCloseTo(zoomed.x + 30);
    expect(moved.y).toBeCloseTo(zoomed.y - 20);
    expect(panBy(zoomed, viewport, landscape, 10_000, 10_000)).toMatchObject({ x: 0, y: 0 });
  });

  it('does not move a page at zoom 1', () => {
    const start = fittedView(viewport, landscape);
    expect(panBy(start, viewport, landscape, 100, 100)).toEqual(start);
  });
});

describe('shapeBounds and shapeCentre', () => {
  it('are the box itself without rotation', () => {
    expect(shapeBounds(shape)).toEqual({ x: 100, y: 100, width: 200, height: 100 });
    expect(shapeCentre(shape)).toEqual({ x: 200, y: 150 });
  });

  it('turn the box about its top left corner, clockwise', () => {
    const turned = shapeBounds({ ...shape, rotation: 90 });
    expect(turned.x).toBeCloseTo(0);
    expect(turned.y).toBeCloseTo(100);
    expect(turned.width).toBeCloseTo(100);
    expect(turned.height).toBeCloseTo(200);
    const centre = shapeCentre({ ...shape, rotation: 90 });
    expect(centre.x).toBeCloseTo(50);
    expect(centre.y).toBeCloseTo(200);
  });
});

describe('zoomToShape (a shape selected twice)', () => {
  it('zooms to 2 with the shape’s centre in the middle of the viewport', () => {
    const middle = { x: 700, y: 400, width: 200, height: 100, rotation: 0 }; // centre (800, 450)
    const view = zoomToShape(viewport, landscape, middle);
    expect(view.zoom).toBe(SELECT_ZOOM);
    expect(view.scale).toBe(1);
    expect(view.x).toBeCloseTo(400 - 800);
    expect(view.y).toBeCloseTo(300 - 450);
  });

  it('keeps a shape near the page’s corner as near the middle as the pan bounds allow', () => {
    const view = zoomToShape(viewport, landscape, shape);
    expect(view).toEqual({ zoom: 2, scale: 1, x: 0, y: 0 });
  });

  it('honours the rotation of the shape', () => {
    const turned = { x: 800, y: 400, width: 200, height: 100, rotation: 90 }; // centre (750, 500)
    const view = zoomToShape(viewport, landscape, turned);
    expect(view.x).toBeCloseTo(400 - 750);
    expect(view.y).toBeCloseTo(300 - 500);
  });

  it('never zooms below 1 when asked for less', () => {
    expect(zoomToShape(viewport, landscape, shape, 0.5).zoom).toBe(MIN_ZOOM);
  });
});
