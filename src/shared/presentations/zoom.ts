/**
 * Zoom and pan of a presentation page on its canvas (documentation §4 "Presentation view", §9 "Zoom
 * minimum 1, select zoom 2"), as pure geometry shared by the viewer and the editor — Konva only draws
 * what these functions decide.
 *
 * Units: a page (and its shapes) is measured in the page image's own pixels; the canvas (the viewport)
 * in CSS pixels. At zoom 1 the whole page fits the viewport, centred ("fitted"); zoom z draws it z
 * times as large. A {@link View} maps a page point p to the screen point `p × scale + (x, y)`.
 */
import { MIN_ZOOM, SELECT_ZOOM, type Shape } from './model.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Where the page sits in the viewport: screen = page × scale + (x, y); `zoom` = scale ÷ the fitted scale. */
export interface View {
  zoom: number;
  scale: number;
  x: number;
  y: number;
}

/** How far in a person can zoom (ours: the spec names only the minimum). */
export const MAX_ZOOM = 10;

/** The zoom a wheel notch (deltaY 100, one line of a mouse wheel) multiplies or divides by. */
export const WHEEL_STEP = 1.2;

/** A zoom within [MIN_ZOOM, MAX_ZOOM]; anything not a number is the minimum. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return Number.isNaN(zoom) ? MIN_ZOOM : zoom > 0 ? MAX_ZOOM : MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The scale at which the whole page fits the viewport (zoom 1). */
export function fitScale(viewport: Size, page: Size): number {
  if (!(page.width > 0) || !(page.height > 0) || !(viewport.width > 0) || !(viewport.height > 0)) return 1;
  return Math.min(viewport.width / page.width, viewport.height / page.height);
}

/** The page at zoom 1, centred: what selecting a thumbnail goes back to. */
export function fittedView(viewport: Size, page: Size): View {
  return clampView({ zoom: MIN_ZOOM, scale: fitScale(viewport, page), x: 0, y: 0 }, viewport, page);
}

/** One axis of the pan bounds: a page narrower than the viewport is centred, a wider one covers it. */
function clampAxis(offset: number, content: number, room: number): number {
  if (content <= room) return (room - content) / 2;
  return Math.min(0, Math.max(room - content, offset));
}

/**
 * The view with its zoom clamped and its pan kept inside the bounds: when zoomed the page always covers
 * the viewport (no empty margin is panned into view); along an axis where it is smaller, it is centred.
 */
export function clampView(view: View, viewport: Size, page: Size): View {
  const zoom = clampZoom(view.zoom);
  const scale = fitScale(viewport, page) * zoom;
  return {
    zoom,
    scale,
    x: clampAxis(view.x, page.width * scale, viewport.width),
    y: clampAxis(view.y, page.height * scale, viewport.height),
  };
}

/** The view zoomed to `zoom` keeping the page point under the screen point `at` where it is (wheel, pinch). */
export function zoomAt(view: View, viewport: Size, page: Size, zoom: number, at: Point): View {
  const target = clampZoom(zoom);
  const scale = fitScale(viewport, page) * target;
  const under = { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
  return clampView({ zoom: target, scale, x: at.x - under.x * scale, y: at.y - under.y * scale }, viewport, page);
}

/** The view moved by (dx, dy) screen pixels, within the pan bounds. */
export function panBy(view: View, viewport: Size, page: Size, dx: number, dy: number): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, viewport, page);
}

/** The zoom after a wheel turn of `deltaY` pixels (negative: in); a notch of 100 is one {@link WHEEL_STEP}. */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.pow(WHEEL_STEP, -deltaY / 100));
}

/** The zoom after two fingers went from `before` to `after` apart. */
export function pinchZoom(zoom: number, before: number, after: number): number {
  if (!(before > 0) || !(after > 0)) return clampZoom(zoom);
  return clampZoom((zoom * after) / before);
}

/**
 * The page-unit box around a shape as drawn: its own box (x, y, width, height) turned `rotation`
 * degrees clockwise about its top left corner (x, y), which is how the canvas draws it.
 */
export function shapeBounds(shape: Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation'>): { x: number; y: number; width: number; height: number } {
  const radians = (shape.rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const corners = [
    [0, 0],
    [shape.width, 0],
    [shape.width, shape.height],
    [0, shape.height],
  ].map(([dx = 0, dy = 0]) => ({ x: shape.x + dx * cos - dy * sin, y: shape.y + dx * sin + dy * cos }));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The page-unit centre of a shape as drawn (the centre of its turned box). */
export function shapeCentre(shape: Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation'>): Point {
  const box = shapeBounds(shape);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Selecting a shape twice (§4): the view at `zoom` (2) with the shape's centre in the middle of the
 * viewport, as near as the pan bounds allow (a shape at the page's edge stays at the edge).
 */
export function zoomToShape(
  viewport: Size,
  page: Size,
  shape: Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation'>,
  zoom: number = SELECT_ZOOM,
): View {
  const target = clampZoom(zoom);
  const scale = fitScale(viewport, page) * target;
  const centre = shapeCentre(shape);
  return clampView({ zoom: target, scale, x: viewport.width / 2 - centre.x * scale, y: viewport.height / 2 - centre.y * scale }, viewport, page);
}

/** The page point under a screen point. */
export function pagePoint(view: View, at: Point): Point {
  return { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
}
