/**
 * THE presentation canvas: one page (its image and its shapes) on a Konva stage, with zoom and pan
 * (documentation §4 "Presentation view", §9). The viewer and the editor both draw through it; the
 * editor adds its tools on top (`stage`, `shapeLayer`, `nodeOf`, `pagePointAt`, `onViewChange`).
 *
 * Geometry is the pure `src/shared/presentations/zoom.ts`: zoom never below 1, pan kept inside the page,
 * wheel and pinch zoom about the pointer or the fingers, a drag pans while zoomed. Only the core of Konva
 * and the four node kinds used are imported (konva/lib/Core), which keeps the viewer's first load small.
 *
 * For tests the container carries what is drawn: `data-zoom`, `data-page-width/height` and
 * `data-shapes` (from the Konva nodes themselves: id, kind, colour, stroke width, rotation, selected).
 */
import Konva from 'konva/lib/Core';
import { Layer } from 'konva/lib/Layer';
import { Image as KonvaImage } from 'konva/lib/shapes/Image';
import type { Shape } from '../../../src/shared/presentations/model.ts';
import {
  clampView,
  fittedView,
  panBy,
  pagePoint,
  pinchZoom,
  wheelZoom,
  zoomAt,
  zoomToShape,
  type Point,
  type Size,
  type View,
} from '../../../src/shared/presentations/zoom.ts';
import { SHAPE_NAME, setShapeSelected, shapeNode, updateShapeNode } from './shape-node.ts';

export interface PageStageOptions {
  /** A shape was tapped or clicked (null: the page around the shapes). */
  onShapeClick?: (id: string | null) => void;
  /** After every change of zoom or pan. */
  onViewChange?: (view: View) => void;
  /** Whether a drag on the page pans it (the editor turns this off while a tool draws). Default true. */
  panning?: boolean;
}

export interface StagePage {
  /** The page image, loaded (null: a page with no picture yet; the shapes are drawn on an empty page). */
  image: CanvasImageSource | null;
  /** The page's own size in its units (the image's natural size). */
  size: Size;
  shapes: readonly Shape[];
}

export class PageStage {
  readonly stage: Konva.Stage;
  readonly pageLayer: Konva.Layer;
  readonly shapeLayer: Konva.Layer;
  private readonly picture: KonvaImage;
  private page: StagePage = { image: null, size: { width: 1, height: 1 }, shapes: [] };
  private view: View = { zoom: 1, scale: 1, x: 0, y: 0 };
  private selected: string | null = null;
  private readonly resizeObserver: ResizeObserver | null;
  private pinch: { distance: number; centre: Point } | null = null;

  constructor(
    readonly container: HTMLDivElement,
    private readonly options: PageStageOptions = {},
  ) {
    const { width, height } = sizeOf(container);
    this.stage = new Konva.Stage({ container, width, height, draggable: false });
    this.pageLayer = new Layer({ listening: false });
    this.picture = new KonvaImage({ image: undefined, x: 0, y: 0, listening: false });
    this.pageLayer.add(this.picture);
    this.shapeLayer = new Layer();
    this.stage.add(this.pageLayer, this.shapeLayer);
    this.stage.dragBoundFunc((pos) => {
      const bounded = clampView({ ...this.view, x: pos.x, y: pos.y }, this.viewport(), this.page.size);
      return { x: bounded.x, y: bounded.y };
    });
    this.stage.on('dragmove', () => this.setView({ ...this.view, x: this.stage.x(), y: this.stage.y() }, false));
    this.stage.on('click tap', (event) => {
      const group = event.target.findAncestor(`.${SHAPE_NAME}`) as Konva.Group | undefined;
      this.options.onShapeClick?.(group ? group.id() : null);
    });
    this.stage.on('wheel', (event) => this.onWheel(event.evt));
    // Pinch on the container's own touch events (captured before Konva's): Konva fires no touchmove while
    // a drag is under way, and a drag starts with the first finger when the page is zoomed.
    container.addEventListener('touchmove', (event) => this.onTouchMove(event), { capture: true, passive: false });
    const lift = (event: TouchEvent) => {
      if (event.touches.length < 2) this.pinch = null;
    };
    container.addEventListener('touchend', lift, { capture: true });
    container.addEventListener('touchcancel', lift, { capture: true });
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.resizeObserver?.observe(container);
    this.publish();
  }

  /** Shows another page (or the same page again): the zoom goes back to 1 (§4 "selecting a thumbnail resets zoom"). */
  show(page: StagePage): void {
    this.page = page;
    this.picture.setAttrs({ image: page.image ?? undefined, width: page.size.width, height: page.size.height });
    this.shapeLayer.destroyChildren();
    for (const shape of page.shapes) this.shapeLayer.add(shapeNode(shape));
    this.selected = null;
    this.setView(fittedView(this.viewport(), page.size));
  }

  /** The same page drawn from another picture of it (a sharper one: the viewer), keeping zoom, pan and selection. */
  replaceImage(image: CanvasImageSource): void {
    this.page = { ...this.page, image };
    this.picture.image(image);
    this.pageLayer.batchDraw();
    this.publish();
  }

  /** Redraws the shapes after an edit, keeping zoom and selection (the editor). */
  updateShapes(shapes: readonly Shape[]): void {
    this.page = { ...this.page, shapes };
    const keep = new Set(shapes.map((s) => s.id));
    for (const node of this.shapeLayer.find(`.${SHAPE_NAME}`)) if (!keep.has(node.id())) node.destroy();
    shapes.forEach((shape, index) => {
      const node = this.nodeOf(shape.id);
      if (node) updateShapeNode(node, shape);
      else this.shapeLayer.add(shapeNode(shape));
      this.nodeOf(shape.id)?.zIndex(index);
    });
    if (this.selected && !keep.has(this.selected)) this.selected = null;
    this.select(this.selected);
  }

  /** The Konva group drawing a shape. */
  nodeOf(id: string): Konva.Group | undefined {
    return this.shapeLayer.findOne((node: Konva.Node) => node.hasName(SHAPE_NAME) && node.id() === id) as Konva.Group | undefined;
  }

  /** Marks one shape as selected (or none). */
  select(id: string | null): void {
    this.selected = id;
    for (const node of this.shapeLayer.find(`.${SHAPE_NAME}`)) setShapeSelected(node as Konva.Group, node.id() === id);
    this.shapeLayer.batchDraw();
    this.publish();
  }

  get selectedId(): string | null {
    return this.selected;
  }

  /** The page at zoom 1, centred. */
  resetZoom(): void {
    this.setView(fittedView(this.viewport(), this.page.size));
  }

  /** Zoom 2 onto a shape (a shape selected twice). */
  zoomToShape(id: string): void {
    const shape = this.page.shapes.find((s) => s.id === id);
    if (shape) this.setView(zoomToShape(this.viewport(), this.page.size, shape));
  }

  /** Zooms by `factor` about the middle of the canvas (the zoom buttons). */
  zoomBy(factor: number): void {
    const { width, height } = this.viewport();
    this.setView(zoomAt(this.view, this.viewport(), this.page.size, this.view.zoom * factor, { x: width / 2, y: height / 2 }));
  }

  /** Pans by screen pixels (arrow keys on the canvas, the editor). */
  panBy(dx: number, dy: number): void {
    this.setView(panBy(this.view, this.viewport(), this.page.size, dx, dy));
  }

  /** The page's own size (its picture's natural size): the editor keeps shapes inside it. */
  get pageSize(): Size {
    return this.page.size;
  }

  get currentView(): View {
    return this.view;
  }

  /** The page point under a point of the container (CSS pixels). */
  pagePointAt(at: Point): Point {
    return pagePoint(this.view, at);
  }

  /** Whether a drag on the page pans it. */
  setPanning(on: boolean): void {
    this.options.panning = on;
    this.stage.draggable(on && this.view.zoom > 1);
  }

  /** Follows the container's size (also called by the ResizeObserver), keeping the zoom. */
  resize(): void {
    const size = sizeOf(this.container);
    if (size.width === this.stage.width() && size.height === this.stage.height()) return;
    this.stage.size(size);
    this.setView(this.view.zoom <= 1 ? fittedView(size, this.page.size) : clampView(this.view, size, this.page.size));
  }

  destroy(): void {
    this.resizeObserver?.disconnect();
    this.stage.destroy();
  }

  private viewport(): Size {
    return { width: this.stage.width(), height: this.stage.height() };
  }

  private setView(view: View, move = true): void {
    this.view = clampView(view, this.viewport(), this.page.size);
    if (move) this.stage.position({ x: this.view.x, y: this.view.y });
    this.stage.scale({ x: this.view.scale, y: this.view.scale });
    this.stage.draggable(this.options.panning !== false && this.view.zoom > 1);
    this.stage.batchDraw();
    this.publish();
    this.options.onViewChange?.(this.view);
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const at = this.stage.getPointerPosition() ?? { x: this.stage.width() / 2, y: this.stage.height() / 2 };
    this.setView(zoomAt(this.view, this.viewport(), this.page.size, wheelZoom(this.view.zoom, event.deltaY), at));
  }

  /** Two fingers: zoom about their middle, and move with it (Konva's own drag is stopped meanwhile). */
  private onTouchMove(event: TouchEvent): void {
    const [a, b] = [event.touches[0], event.touches[1]];
    if (!a || !b) return;
    event.preventDefault();
    if (this.stage.isDragging()) this.stage.stopDrag();
    const box = this.container.getBoundingClientRect();
    const p1 = { x: a.clientX - box.left, y: a.clientY - box.top };
    const p2 = { x: b.clientX - box.left, y: b.clientY - box.top };
    const distance = Math.hypot(p1.x - p2.x, p1.y - p2.y);
    const centre = { x: (p1.x + p2.x) / 2, y: (p1.y + p2.y) / 2 };
    if (!this.pinch) {
      this.pinch = { distance, centre };
      return;
    }
    const zoomed = zoomAt(this.view, this.viewport(), this.page.size, pinchZoom(this.view.zoom, this.pinch.distance, distance), this.pinch.centre);
    this.setView({ ...zoomed, x: zoomed.x + centre.x - this.pinch.centre.x, y: zoomed.y + centre.y - this.pinch.centre.y });
    this.pinch = { distance, centre };
  }

  /** What is drawn, on the container's data attributes (for tests and for styles). */
  private publish(): void {
    const data = this.container.dataset;
    data.zoom = String(Math.round(this.view.zoom * 1000) / 1000);
    data.pageWidth = String(this.page.size.width);
    data.pageHeight = String(this.page.size.height);
    data.hasImage = String(this.page.image !== null);
    data.shapes = JSON.stringify(
      this.shapeLayer.find(`.${SHAPE_NAME}`).map((node) => {
        const outline = (node as Konva.Group).findOne('.outline');
        return {
          id: node.id(),
          kind: node.getAttr('kind') as string,
          color: outline?.getAttr('colour') as string,
          strokeWidth: outline?.getAttr('strokeUnits') as number,
          rotation: node.rotation(),
          selected: node.id() === this.selected,
        };
      }),
    );
  }
}

function sizeOf(container: HTMLElement): Size {
  return { width: Math.max(1, container.clientWidth), height: Math.max(1, container.clientHeight) };
}
