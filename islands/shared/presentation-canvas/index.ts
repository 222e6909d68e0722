/**
 * THE presentation canvas, shared by the presentation viewer and editor: a page's image and shapes on a
 * Konva stage (page-stage.ts) and the drawing of one shape (shape-node.ts). Zoom geometry is the pure
 * src/shared/presentations/zoom.ts.
 */
export { PageStage } from './page-stage.ts';
export { SHAPE_STROKES } from './shape-node.ts';
