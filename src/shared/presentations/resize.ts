/**
 * The geometry of a shape being edited (documentation §4 "Presentation view": shapes are moved, resized by
 * corner and edge handles — the minimal size about 0.001, honouring rotation — and rotated). Pure: the
 * editor's canvas calls it with the pointer in page units and draws what it answers.
 *
 * A shape's box is `x, y, width, height, rotation` in the page image's units: (x, y) is the top left corner
 * of the unrotated box, and the box turns `rotation` degrees clockwise about that corner — Konva's own
 * convention for a node without an offset, so a `Konva.Group({x, y, rotation})` holding the drawing at
 * (0, 0)–(width, height) shows it.
 */
import { DEFAULT_SHAPE_SIZE, MIN_SHAPE_SIZE, type Shape } from './model.ts';
import type { Size } from './zoom.ts';

export interface Point {
  x: number;
  y: number;
}

export type Box = Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation'>;

/** The eight handles: four corners and four edges. */
export const RESIZE_HANDLES = ['top-left', 'top', 'top-right', 'right', 'bottom-right', 'bottom', 'bottom-left', 'left'] as const;
export type ResizeHandle = (typeof RESIZE_HANDLES)[number];

/** For each handle, which side it moves: -1 the left (top), 1 the right (bottom), 0 neither. */
const SIDES: Record<ResizeHandle, { sx: -1 | 0 | 1; sy: -1 | 0 | 1 }> = {
  'top-left': { sx: -1, sy: -1 },
  top: { sx: 0, sy: -1 },
  'top-right': { sx: 1, sy: -1 },
  right: { sx: 1, sy: 0 },
  'bottom-right': { sx: 1, sy: 1 },
  bottom: { sx: 0, sy: 1 },
  'bottom-left': { sx: -1, sy: 1 },
  left: { sx: -1, sy: 0 },
};

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** A point of the box's own frame (0, 0 its top left corner) in page units. */
export function toPage(box: Box, local: Point): Point {
  const a = radians(box.rotation);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return { x: box.x + local.x * cos - local.y * sin, y: box.y + local.x * sin + local.y * cos };
}

/** A page point in the box's own frame. */
export function toLocal(box: Box, point: Point): Point {
  const a = radians(box.rotation);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = point.x - box.x;
  const dy = point.y - box.y;
  return { x: dx * cos + dy * sin, y: -dx * sin + dy * cos };
}

/** Where a handle sits, in the box's own frame. */
export function handleLocal(box: Pick<Box, 'width' | 'height'>, handle: ResizeHandle): Point {
  const { sx, sy } = SIDES[handle];
  return { x: ((sx + 1) / 2) * box.width, y: ((sy + 1) / 2) * box.height };
}

/** Where a handle sits on the page. */
export function handlePosition(box: Box, handle: ResizeHandle): Point {
  return toPage(box, handleLocal(box, handle));
}

/** The centre of the box on the page. */
export function centreOf(box: Box): Point {
  return toPage(box, { x: box.width / 2, y: box.height / 2 });
}

/** The four corners on the page: top left, top right, bottom right, bottom left. */
export function cornersOf(box: Box): Point[] {
  return [
    toPage(box, { x: 0, y: 0 }),
    toPage(box, { x: box.width, y: 0 }),
    toPage(box, { x: box.width, y: box.height }),
    toPage(box, { x: 0, y: box.height }),
  ];
}

/** The smallest upright rectangle holding the (rotated) box. */
export function boundsOf(box: Box): { x: number; y: number; width: number; height: number } {
  const corners = cornersOf(box);
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * The box after its `handle` was dragged to `pointer` (page units): the dragged corner or edge follows the
 * pointer along the box's own axes (so a rotated box keeps its rotation), the opposite corner or edge stays
 * where it was, an edge handle changes one dimension only, and neither dimension goes below `minSize`
 * (dragging past the opposite side stops there rather than turning the box inside out).
 */
export function resizeBox<B extends Box>(box: B, handle: ResizeHandle, pointer: Point, minSize: number = MIN_SHAPE_SIZE): B {
  const { sx, sy } = SIDES[handle];
  const p = toLocal(box, pointer);
  let left = 0;
  let top = 0;
  let width = box.width;
  let height = box.height;
  if (sx === 1) width = Math.max(p.x, minSize);
  if (sx === -1) {
    left = Math.min(p.x, box.width - minSize);
    width = box.width - left;
  }
  if (sy === 1) height = Math.max(p.y, minSize);
  if (sy === -1) {
    top = Math.min(p.y, box.height - minSize);
    height = box.height - top;
  }
  // The box's frame keeps its orientation; its origin moves to the new top left corner.
  const origin = toPage(box, { x: left, y: top });
  return { ...box, x: origin.x, y: origin.y, width: Math.max(width, minSize), height: Math.max(height, minSize) };
}

/** The box moved by (dx, dy) page units. */
export function moveBox<B extends Box>(box: B, dx: number, dy: number): B {
  return { ...box, x: box.x + dx, y: box.y + dy };
}

/** A rotation in degrees within [0, 360). */
export function normaliseRotation(degrees: number): number {
  const r = degrees % 360;
  const turned = r < 0 ? r + 360 : r;
  // Keep whole-looking numbers whole: 359.99999999 is 0 to anyone reading it.
  const rounded = Math.round(turned * 1e6) / 1e6;
  return rounded === 360 ? 0 : rounded;
}

/** The box turned to `rotation` degrees about its centre (the centre stays where it is). */
export function rotateBox<B extends Box>(box: B, rotation: number): B {
  const centre = centreOf(box);
  const turned = { ...box, rotation: normaliseRotation(rotation) };
  const offset = toPage({ ...turned, x: 0, y: 0 }, { x: box.width / 2, y: box.height / 2 });
  return { ...turned, x: centre.x - offset.x, y: centre.y - offset.y };
}

/**
 * The rotation that points the rotate handle (above the middle of the top edge) at `pointer`; `snap`
 * degrees (e.g. 15 with Shift held) round it.
 */
export function rotationTowards(box: Box, pointer: Point, snap = 0): number {
  const centre = centreOf(box);
  const dx = pointer.x - centre.x;
  const dy = pointer.y - centre.y;
  if (dx === 0 && dy === 0) return box.rotation;
  const degrees = (Math.atan2(dx, -dy) * 180) / Math.PI;
  return normaliseRotation(snap > 0 ? Math.round(degrees / snap) * snap : degrees);
}

/**
 * A new shape's box: DEFAULT_SHAPE_SIZE divided by the stage's scale (§9), so it looks the same size on
 * screen however the page is zoomed, centred on `at`, upright.
 */
export function newShapeBox(at: Point, scale: number): Box {
  const size = DEFAULT_SHAPE_SIZE / (scale > 0 ? scale : 1);
  return { x: at.x - size / 2, y: at.y - size / 2, width: size, height: size, rotation: 0 };
}

/** Whether `point` lies on the page (its picture: (0, 0)–(width, height)); a shape is placed only there. */
export function isOnPage(point: Point, page: Size): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= page.width && point.y <= page.height;
}

/** `point` brought onto the page (the nearest point of it): a resize handle stops at the picture's edge. */
export function pointOnPage(point: Point, page: Size): Point {
  return { x: Math.min(Math.max(point.x, 0), page.width), y: Math.min(Math.max(point.y, 0), page.height) };
}

/** How far to shift a span [start, start + length] to lie within [0, room] (a span longer than room starts at 0). */
function shiftInto(start: number, length: number, room: number): number {
  if (length >= room || start < 0) return -start;
  if (start + length > room) return room - start - length;
  return 0;
}

/**
 * The box moved (never resized nor turned) as little as needed for all of it — its rotated corners — to lie
 * on the page: shapes stay on the picture however they are placed, dragged, nudged, resized or turned.
 */
export function keptOnPage<B extends Box>(box: B, page: Size): B {
  const bounds = boundsOf(box);
  const dx = shiftInto(bounds.x, bounds.width, page.width);
  const dy = shiftInto(bounds.y, bounds.height, page.height);
  return dx === 0 && dy === 0 ? box : moveBox(box, dx, dy);
}
