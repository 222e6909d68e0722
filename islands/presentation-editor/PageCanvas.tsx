/**
 * The annotation canvas of the editor (documentation §4 "Presentation view"): THE presentation canvas
 * (islands/shared/presentation-canvas, shared with the viewer) draws the page and its shapes; the editor
 * adds its tools on top — placing a shape with the chosen tool, moving the selected one by dragging,
 * eight resize handles (corners and edges, along the shape's own axes: src/shared/presentations/resize.ts)
 * and a rotate handle. Shapes stay on the page's picture (issue #32): a click on the letterbox around it
 * places none, and a placed, dragged, nudged, resized or turned shape is kept on it (keptOnPage). Keyboard: Delete removes the selected shape, arrows move it (Shift: further),
 * Escape lets go of it.
 */
import type Konva from 'konva/lib/Core';
import { Layer } from 'konva/lib/Layer';
import { Circle } from 'konva/lib/shapes/Circle';
import { Line } from 'konva/lib/shapes/Line';
import { Rect } from 'konva/lib/shapes/Rect';
import { useEffect, useRef, useState, type Dispatch, type MutableRefObject } from 'react';
import { uuidv7 } from '../../src/shared/ids.ts';
import type { Page, Shape } from '../../src/shared/presentations/model.ts';
import {
  handlePosition,
  isOnPage,
  keptOnPage,
  moveBox,
  newShapeBox,
  pointOnPage,
  resizeBox,
  RESIZE_HANDLES,
  rotateBox,
  rotationTowards,
  toPage,
  type ResizeHandle,
} from '../../src/shared/presentations/resize.ts';
import { PageStage } from '../shared/presentation-canvas/index.ts';
import type { EditorAction, Tool } from './editor-state.ts';

interface Props {
  page: Page;
  /** The page picture's address (a local copy or a signed address); undefined while unknown. */
  imageUrl: string | undefined;
  tool: Tool;
  selectedShape: string | undefined;
  dispatch: Dispatch<EditorAction>;
}

/** Handles' size on screen (CSS pixels), whatever the zoom. */
const HANDLE_PX = 12;
const ROTATE_OFFSET_PX = 28;
const CURSORS: Record<ResizeHandle, string> = {
  'top-left': 'nwse-resize',
  top: 'ns-resize',
  'top-right': 'nesw-resize',
  right: 'ew-resize',
  'bottom-right': 'nwse-resize',
  bottom: 'ns-resize',
  'bottom-left': 'nesw-resize',
  left: 'ew-resize',
};

/** A page with no picture yet is drawn on a blank of this size. */
const BLANK = { width: 1600, height: 1200 };

export function PageCanvas({ page, imageUrl, tool, selectedShape, dispatch }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const stageRef = useRef<PageStage | undefined>(undefined);
  const handlesRef = useRef<{ layer: Konva.Layer; resize: Map<ResizeHandle, Rect>; rotate: Circle; stem: Line } | undefined>(undefined);
  const latest = useRef({ page, tool, selectedShape, dispatch });
  latest.current = { page, tool, selectedShape, dispatch };

  const selected = (): Shape | undefined => {
    const { page: p, selectedShape: id } = latest.current;
    return id ? p.shapes.find((s) => s.id === id) : undefined;
  };

  /** Puts the handles around the selected shape (or hides them). */
  const placeHandles = () => {
    const stage = stageRef.current;
    const handles = handlesRef.current;
    if (stage && handles) drawHandles(stage, handles, latest.current.tool === 'select' ? selected() : undefined);
  };

  // The stage, once.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const stage = makeStage(element, latest, () => handlesRef.current?.layer, placeHandles);
    stageRef.current = stage;
    moveOnDrag(stage, selected, latest);
    handlesRef.current = makeHandles(stage, element, selected, latest, placeHandles);

    return () => {
      stage.destroy();
      stageRef.current = undefined;
      handlesRef.current = undefined;
    };
    // The stage is made once; it reads the props through `latest`.
  }, []);

  const loadedFor = usePagePicture(stageRef, latest, page.pageID, imageUrl, placeHandles);

  // Edits: the shapes redrawn, the selection and the handles kept.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    stage.updateShapes(page.shapes);
    stage.select(selectedShape ?? null);
    stage.setPanning(tool === 'select');
    placeHandles();
  }, [page.shapes, selectedShape, tool, loadedFor]);

  const count = page.shapes.length;
  return (
    <div
      ref={container}
      className="page-canvas"
      data-tool={tool}
      data-selected-shape={selectedShape ?? ''}
      tabIndex={0}
      role="application"
      aria-roledescription="annotation canvas"
      aria-label={`Page canvas, ${count} ${count === 1 ? 'shape' : 'shapes'}${tool === 'select' ? '' : `: click to place a ${tool}`}`}
      onKeyDown={(event) => shapeKeys(event, { page, tool, shape: selected(), stage: stageRef.current, dispatch })}
    />
  );
}

/** THE presentation canvas on `element`: a click places a shape with the chosen tool, or selects (or lets go of) one. */
function makeStage(element: HTMLDivElement, latest: Latest, handlesLayer: () => Konva.Layer | undefined, placeHandles: () => void): PageStage {
  let lastDragEnd = 0;
  const stage = new PageStage(element, {
    panning: true,
    onShapeClick: (id) => {
      const { tool: t, page: p, dispatch: d } = latest.current;
      // A click on a handle, or the end of a drag, is no click on the page.
      if (Date.now() - lastDragEnd < 250) return;
      const pointer = stage.stage.getPointerPosition();
      if (pointer && stage.stage.getIntersection(pointer)?.getLayer() === handlesLayer()) return;
      if (t !== 'select') {
        if (!pointer) return;
        const at = stage.pagePointAt(pointer);
        // The dark letterbox around the picture is no place for a shape.
        if (!isOnPage(at, stage.pageSize)) return;
        d({ type: 'addShape', pageID: p.pageID, id: uuidv7(), kind: t, box: keptOnPage(newShapeBox(at, stage.currentView.scale), stage.pageSize) });
        return;
      }
      d({ type: 'selectShape', id: id ?? undefined });
    },
    onViewChange: () => placeHandles(),
  });
  stage.stage.on('dragend', () => {
    lastDragEnd = Date.now();
  });
  return stage;
}

/** The page (and its picture) shown afresh, at zoom 1, when the page or its picture changes; answers the picture shown. */
function usePagePicture(
  stageRef: MutableRefObject<PageStage | undefined>,
  latest: Latest,
  pageID: string,
  imageUrl: string | undefined,
  placeHandles: () => void,
): string | undefined {
  const [loadedFor, setLoadedFor] = useState<string | undefined>();
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const shapes = latest.current.page.shapes;
    if (!imageUrl) {
      stage.show({ image: null, size: BLANK, shapes });
      setLoadedFor(undefined);
      return;
    }
    let live = true;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      if (!live) return;
      stage.show({ image, size: { width: image.naturalWidth, height: image.naturalHeight }, shapes: latest.current.page.shapes });
      stage.select(latest.current.selectedShape ?? null);
      placeHandles();
      setLoadedFor(imageUrl);
    };
    image.src = imageUrl;
    return () => {
      live = false;
    };
    // A new page or picture only.
  }, [pageID, imageUrl]);
  return loadedFor;
}

/** The handles of the selected shape: eight to resize it, one to turn it (on a stem), on a layer of their own. */
interface Handles {
  layer: Konva.Layer;
  resize: Map<ResizeHandle, Rect>;
  rotate: Circle;
  stem: Line;
}

type Latest = MutableRefObject<{ page: Page; tool: Tool; selectedShape: string | undefined; dispatch: Dispatch<EditorAction> }>;

/** Puts the handles around `shape` at the stage's zoom, or hides them; only the selected shape can be dragged. */
function drawHandles(stage: PageStage, handles: Handles, shape: Shape | undefined) {
  const scale = stage.currentView.scale || 1;
  handles.layer.visible(!!shape);
  for (const node of stage.shapeLayer.find('.annotation')) (node as Konva.Group).draggable(!!shape && node.id() === shape.id);
  if (!shape) {
    handles.layer.batchDraw();
    return;
  }
  const size = HANDLE_PX / scale;
  for (const [handle, node] of handles.resize) {
    const at = handlePosition(shape, handle);
    node.setAttrs({ x: at.x, y: at.y, width: size, height: size, offsetX: size / 2, offsetY: size / 2, rotation: shape.rotation });
  }
  const top = toPage(shape, { x: shape.width / 2, y: 0 });
  const knob = toPage(shape, { x: shape.width / 2, y: -ROTATE_OFFSET_PX / scale });
  handles.rotate.setAttrs({ x: knob.x, y: knob.y, radius: size / 1.6 });
  handles.stem.points([top.x, top.y, knob.x, knob.y]);
  handles.layer.batchDraw();
}

/** Makes the handles on the stage: dragging one resizes or turns the selected shape, one undo step per drag. */
function makeHandles(stage: PageStage, element: HTMLElement, selected: () => Shape | undefined, latest: Latest, placeHandles: () => void): Handles {
  const layer = new Layer();
  const resize = new Map<ResizeHandle, Rect>();
  const stem = new Line({ points: [0, 0, 0, 0], stroke: '#1e63d6', strokeWidth: 1.5, strokeScaleEnabled: false, listening: false });
  layer.add(stem);
  for (const handle of RESIZE_HANDLES) {
    const node = new Rect({ name: `handle-${handle}`, fill: '#ffffff', stroke: '#1e63d6', strokeWidth: 1.5, strokeScaleEnabled: false, draggable: true });
    let continuing = false;
    node.on('dragstart', () => {
      continuing = false;
    });
    node.on('dragmove', () => {
      const shape = selected();
      const pointer = stage.stage.getPointerPosition();
      if (!shape || !pointer) return;
      const next = keptOnPage(resizeBox(shape, handle, pointOnPage(stage.pagePointAt(pointer), stage.pageSize)), stage.pageSize);
      const { x, y, width, height } = next;
      latest.current.dispatch({ type: 'changeShape', pageID: latest.current.page.pageID, id: shape.id, change: { x, y, width, height }, continuing });
      continuing = true;
    });
    node.on('dragend', () => placeHandles());
    node.on('mouseenter', () => (element.style.cursor = CURSORS[handle]));
    node.on('mouseleave', () => (element.style.cursor = ''));
    resize.set(handle, node);
    layer.add(node);
  }
  const rotate = new Circle({ name: 'handle-rotate', fill: '#1e63d6', stroke: '#ffffff', strokeWidth: 1.5, strokeScaleEnabled: false, draggable: true });
  let turning = false;
  rotate.on('dragstart', () => {
    turning = false;
  });
  rotate.on('dragmove', (event) => {
    const shape = selected();
    const pointer = stage.stage.getPointerPosition();
    if (!shape || !pointer) return;
    const shift = (event.evt as MouseEvent).shiftKey;
    const next = keptOnPage(rotateBox(shape, rotationTowards(shape, stage.pagePointAt(pointer), shift ? 15 : 0)), stage.pageSize);
    latest.current.dispatch({ type: 'changeShape', pageID: latest.current.page.pageID, id: shape.id, change: { x: next.x, y: next.y, rotation: next.rotation }, continuing: turning });
    turning = true;
  });
  rotate.on('dragend', () => placeHandles());
  rotate.on('mouseenter', () => (element.style.cursor = 'grab'));
  rotate.on('mouseleave', () => (element.style.cursor = ''));
  layer.add(rotate);
  layer.visible(false);
  stage.stage.add(layer);
  return { layer, resize, rotate, stem };
}

interface KeyTarget {
  page: Page;
  tool: Tool;
  shape: Shape | undefined;
  stage: PageStage | undefined;
  dispatch: Dispatch<EditorAction>;
}

/** Escape leaves the tool or the selection; Delete removes the selected shape, arrows move it (Shift: further). */
function shapeKeys(event: React.KeyboardEvent, { page, tool, shape, stage, dispatch }: KeyTarget) {
  if (event.key === 'Escape') {
    if (tool !== 'select') dispatch({ type: 'setTool', tool: 'select' });
    else if (shape) dispatch({ type: 'selectShape', id: undefined });
    return;
  }
  if (!shape) return;
  if (event.key === 'Delete' || event.key === 'Backspace') {
    event.preventDefault();
    dispatch({ type: 'removeShape', pageID: page.pageID, id: shape.id });
    return;
  }
  const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = steps[event.key];
  if (!step) return;
  event.preventDefault();
  const by = (event.shiftKey ? 10 : 1) / (stage?.currentView.scale || 1);
  const size = stage?.pageSize;
  const stepped = moveBox(shape, step[0] * by, step[1] * by);
  const moved = size ? keptOnPage(stepped, size) : stepped;
  dispatch({ type: 'changeShape', pageID: page.pageID, id: shape.id, change: { x: moved.x, y: moved.y } });

}

/** Moving the selected shape: its group is draggable; each move is one undo step per drag, kept on the picture. */
function moveOnDrag(stage: PageStage, selected: () => Shape | undefined, latest: Latest) {
  let dragging = false;
  stage.shapeLayer.on('dragstart', () => {
    dragging = false;
  });
  stage.shapeLayer.on('dragmove', (event) => {
    const group = event.target as unknown as Konva.Group;
    const shape = selected();
    if (!shape || group.id() !== shape.id) return;
    // The shape stops at the picture's edge: the dragged group is put back where the kept box is.
    const moved = keptOnPage(moveBox(shape, group.x() - shape.x, group.y() - shape.y), stage.pageSize);
    group.position({ x: moved.x, y: moved.y });
    latest.current.dispatch({ type: 'changeShape', pageID: latest.current.page.pageID, id: shape.id, change: { x: moved.x, y: moved.y }, continuing: dragging });
    dragging = true;
  });
}
