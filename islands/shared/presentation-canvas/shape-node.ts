/**
 * One annotation shape (documentation §3 "Shape") as Konva nodes: a group placed at the shape's top left
 * corner (x, y) and turned `rotation` degrees about it, holding the outline (rectangle, ellipse or
 * arrow) in the shape's colour and stroke width, and a dashed selection frame shown while selected.
 * The viewer and the editor draw shapes through these two functions only, so both draw alike.
 *
 * Strokes keep their width on screen whatever the zoom (`strokeScaleEnabled: false`): a stroke width
 * of n is n × {@link STROKE_PIXELS} CSS pixels, so width 1 stays visible on a photo.
 */
import type Konva from 'konva/lib/Core';
import { Group } from 'konva/lib/Group';
import { Rect } from 'konva/lib/shapes/Rect';
import { Ellipse } from 'konva/lib/shapes/Ellipse';
import { Arrow } from 'konva/lib/shapes/Arrow';
import type { Shape, ShapeColour } from '../../../src/shared/presentations/model.ts';

/** CSS pixels per unit of a shape's stroke width. */
export const STROKE_PIXELS = 2;

/** What each of the spec's colour names draws as (readable on light and dark pictures). */
export const SHAPE_STROKES: Record<ShapeColour, string> = {
  red: '#e0201b',
  blue: '#1e63d6',
  yellow: '#f5d000',
  orange: '#f57c00',
  green: '#1f9d3a',
  black: '#000000',
};

/** The Konva name of every shape group (`layer.find('.annotation')`); its id is the shape's id. */
export const SHAPE_NAME = 'annotation';
const OUTLINE = 'outline';
const FRAME = 'selection-frame';

/** A new group drawing `shape`. */
export function shapeNode(shape: Shape): Konva.Group {
  const group = new Group({ id: shape.id, name: SHAPE_NAME });
  const frame = new Rect({ name: FRAME, stroke: '#ffffff', dash: [6, 4], strokeWidth: 2, strokeScaleEnabled: false, listening: false, visible: false, shadowColor: '#000', shadowBlur: 2, shadowOpacity: 0.9 });
  group.add(frame);
  updateShapeNode(group, shape);
  return group;
}

/** Brings an existing group up to date with `shape` (its kind may have changed: the outline is redrawn). */
export function updateShapeNode(group: Konva.Group, shape: Shape): void {
  group.setAttrs({ x: shape.x, y: shape.y, rotation: shape.rotation, kind: shape.shape });
  const old = group.findOne(`.${OUTLINE}`);
  if (!old || old.getAttr('kind') !== shape.shape) {
    old?.destroy();
    group.add(outlineOf(shape));
  }
  const outline = group.findOne(`.${OUTLINE}`) as Konva.Shape;
  const stroke = SHAPE_STROKES[shape.color] ?? SHAPE_STROKES.red;
  const w = shape.width;
  const h = shape.height;
  outline.setAttrs({ stroke, strokeWidth: shape.strokeWidth * STROKE_PIXELS, colour: shape.color, strokeUnits: shape.strokeWidth });
  if (outline instanceof Ellipse) outline.setAttrs({ x: w / 2, y: h / 2, radiusX: w / 2, radiusY: h / 2 });
  else if (outline instanceof Arrow) {
    outline.setAttrs({ points: [0, h / 2, w, h / 2], pointerLength: Math.min(w * 0.4, Math.max(h, 4)), pointerWidth: Math.max(h, 4), fill: stroke });
  } else outline.setAttrs({ width: w, height: h });
  const frame = group.findOne(`.${FRAME}`);
  frame?.setAttrs({ x: 0, y: 0, width: w, height: h });
}

/** Shows or hides the dashed frame of a selected shape. */
export function setShapeSelected(group: Konva.Group, selected: boolean): void {
  group.findOne(`.${FRAME}`)?.visible(selected);
}

function outlineOf(shape: Shape): Konva.Shape {
  const common = {
    name: OUTLINE,
    kind: shape.shape,
    strokeScaleEnabled: false,
    // The inside selects too (easier on a phone than a 2 px line); transparent, so nothing is painted.
    fill: 'rgba(0,0,0,0)',
    hitStrokeWidth: 16,
    perfectDrawEnabled: false,
  };
  if (shape.shape === 'ellipse') return new Ellipse({ ...common, radiusX: 1, radiusY: 1 });
  if (shape.shape === 'arrow') return new Arrow({ ...common, points: [0, 0, 1, 0], lineCap: 'round', lineJoin: 'round' });
  return new Rect(common);
}
