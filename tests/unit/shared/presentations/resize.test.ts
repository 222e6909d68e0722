import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHAPE_SIZE, MIN_SHAPE_SIZE } from '../../../../src/shared/presentations/model.ts';
import {
  boundsOf,
  centreOf,
  handlePosition,
  isOnPage,
  keptOnPage,
  moveBox,
  newShapeBox,
  normaliseRotation,
  pointOnPage,
  resizeBox,
  RESIZE_HANDLES,
  rotateBox,
  rotationTowards,
  toLocal,
  toPage,
  type Box,
  type ResizeHandle,
} from '../../../../src/shared/presentations/resize.ts';

const OPPOSITE: Record<ResizeHandle, ResizeHandle> = {
  'top-left': 'bottom-right',
  top: 'bottom',
  'top-right': 'bottom-left',
  right: 'left',
  'bottom-right': 'top-left',
  bottom: 'top',
  'bottom-left': 'top-right',
  left: 'right',
};

const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits);
const samePoint = (a: { x: number; y: number }, b: { x: number; y: number }, digits = 6) => {
  close(a.x, b.x, digits);
  close(a.y, b.y, digits);
};

const upright: Box = { x: 100, y: 50, width: 60, height: 40, rotation: 0 };

describe('shape geometry: resizing (documentation §4 — corner and edge handles, honouring rotation)', () => {
  it('a corner handle follows the pointer and the opposite corner stays', () => {
    expect(resizeBox(upright, 'bottom-right', { x: 200, y: 120 })).toEqual({ x: 100, y: 50, width: 100, height: 70, rotation: 0 });
    expect(resizeBox(upright, 'top-left', { x: 90, y: 30 })).toEqual({ x: 90, y: 30, width: 70, height: 60, rotation: 0 });
    expect(resizeBox(upright, 'top-right', { x: 180, y: 40 })).toEqual({ x: 100, y: 40, width: 80, height: 50, rotation: 0 });
    expect(resizeBox(upright, 'bottom-left', { x: 110, y: 100 })).toEqual({ x: 110, y: 50, width: 50, height: 50, rotation: 0 });
  });

  it('an edge handle changes one dimension only, whatever the pointer does along the edge', () => {
    expect(resizeBox(upright, 'right', { x: 190, y: 500 })).toEqual({ ...upright, width: 90 });
    expect(resizeBox(upright, 'left', { x: 120, y: -500 })).toEqual({ ...upright, x: 120, width: 40 });
    expect(resizeBox(upright, 'bottom', { x: -5, y: 70 })).toEqual({ ...upright, height: 20 });
    expect(resizeBox(upright, 'top', { x: 999, y: 20 })).toEqual({ ...upright, y: 20, height: 70 });
  });

  it('a rotated box grows along its own axes and keeps its rotation', () => {
    // Turned 90° clockwise about (100, 50): its own x axis points down the page, its y axis to the left.
    const turned: Box = { ...upright, rotation: 90 };
    samePoint(handlePosition(turned, 'bottom-right'), { x: 60, y: 110 });
    const grown = resizeBox(turned, 'right', { x: 0, y: 150 }); // 100 down the page = 100 along its x axis
    close(grown.width, 100);
    close(grown.height, 40);
    close(grown.x, 100);
    close(grown.y, 50);
    expect(grown.rotation).toBe(90);
    // The top left handle of a rotated box: the bottom right corner stays on the page.
    const fixed = handlePosition(turned, 'bottom-right');
    const pulled = resizeBox(turned, 'top-left', { x: 120, y: 20 });
    samePoint(handlePosition(pulled, 'bottom-right'), fixed);
    close(pulled.width, 90); // 30 further up the page = 30 more along its x axis
    close(pulled.height, 60); // 20 further right = 20 more along its y axis
  });

  it('never goes below the minimum size: dragging past the opposite side stops there', () => {
    const squashed = resizeBox(upright, 'right', { x: 0, y: 60 });
    expect(squashed.width).toBe(MIN_SHAPE_SIZE);
    expect(squashed.x).toBe(100);
    const fromTheLeft = resizeBox(upright, 'top-left', { x: 1000, y: 1000 });
    close(fromTheLeft.width, MIN_SHAPE_SIZE, 9);
    close(fromTheLeft.height, MIN_SHAPE_SIZE, 9);
    samePoint(handlePosition(fromTheLeft, 'bottom-right'), handlePosition(upright, 'bottom-right'));
    expect(resizeBox(upright, 'bottom', { x: 0, y: 0 }, 5).height).toBe(5);
  });

  it('any handle, any rotation, any pointer: the opposite handle stays, the rotation stays, nothing below the minimum', () => {
    const box = fc.record({
      x: fc.double({ min: -1000, max: 1000, noNaN: true }),
      y: fc.double({ min: -1000, max: 1000, noNaN: true }),
      width: fc.double({ min: 0.01, max: 2000, noNaN: true }),
      height: fc.double({ min: 0.01, max: 2000, noNaN: true }),
      rotation: fc.double({ min: 0, max: 359.99, noNaN: true }),
    });
    const point = fc.record({ x: fc.double({ min: -3000, max: 3000, noNaN: true }), y: fc.double({ min: -3000, max: 3000, noNaN: true }) });
    fc.assert(
      fc.property(box, fc.constantFrom(...RESIZE_HANDLES), point, (b, handle, pointer) => {
        const after = resizeBox(b, handle, pointer);
        expect(after.rotation).toBe(b.rotation);
        expect(after.width).toBeGreaterThanOrEqual(MIN_SHAPE_SIZE);
        expect(after.height).toBeGreaterThanOrEqual(MIN_SHAPE_SIZE);
        samePoint(handlePosition(after, OPPOSITE[handle]), handlePosition(b, OPPOSITE[handle]), 4);
      }),
    );
  });

  it('the dragged corner lands on the pointer while the box stays above the minimum', () => {
    const turned: Box = { x: 10, y: 20, width: 50, height: 30, rotation: 30 };
    const pointer = toPage(turned, { x: 80, y: 45 });
    const after = resizeBox(turned, 'bottom-right', pointer);
    samePoint(handlePosition(after, 'bottom-right'), pointer);
  });
});

describe('shape geometry: moving, rotating, a new shape', () => {
  it('moves by page units', () => {
    expect(moveBox({ ...upright, rotation: 45 }, -10, 5)).toEqual({ x: 90, y: 55, width: 60, height: 40, rotation: 45 });
  });

  it('turns about the centre, which stays where it was', () => {
    const centre = centreOf(upright);
    const turned = rotateBox(upright, 90);
    expect(turned.rotation).toBe(90);
    samePoint(centreOf(turned), centre);
    expect(turned.width).toBe(60);
    samePoint(boundsOf(turned), { x: centre.x - 20, y: centre.y - 30 });
    close(boundsOf(turned).width, 40);
  });

  it('points the rotate handle at the pointer, snapping when asked', () => {
    const centre = centreOf(upright);
    close(rotationTowards(upright, { x: centre.x, y: centre.y - 10 }), 0);
    close(rotationTowards(upright, { x: centre.x + 10, y: centre.y }), 90);
    close(rotationTowards(upright, { x: centre.x, y: centre.y + 10 }), 180);
    close(rotationTowards(upright, { x: centre.x - 10, y: centre.y }), 270);
    expect(rotationTowards(upright, { x: centre.x + 10, y: centre.y - 9 }, 15)).toBe(45);
    expect(rotationTowards(upright, centre)).toBe(0);
  });

  it('keeps rotations within 0–360', () => {
    expect([-90, 360, 725, 359.9999999999].map(normaliseRotation)).toEqual([270, 0, 5, 0]);
  });

  it('converts between the page and the box frame both ways', () => {
    const box: Box = { x: 3, y: 4, width: 10, height: 10, rotation: 37 };
    samePoint(toLocal(box, toPage(box, { x: 7, y: -2 })), { x: 7, y: -2 });
  });

  it('a new shape is 60 units divided by the scale, centred where it was placed', () => {
    expect(newShapeBox({ x: 100, y: 100 }, 1)).toEqual({ x: 70, y: 70, width: DEFAULT_SHAPE_SIZE, height: DEFAULT_SHAPE_SIZE, rotation: 0 });
    expect(newShapeBox({ x: 100, y: 100 }, 2)).toEqual({ x: 85, y: 85, width: 30, height: 30, rotation: 0 });
    expect(newShapeBox({ x: 0, y: 0 }, 0.5).width).toBe(120);
  });
});

describe('shapes stay on the picture (issue #32)', () => {
  const page = { width: 1000, height: 2000 };
  it('a point is on the page only within its picture', () => {
    expect(isOnPage({ x: 0, y: 0 }, page)).toBe(true);
    expect(isOnPage({ x: 1000, y: 2000 }, page)).toBe(true);
    expect(isOnPage({ x: -1, y: 10 }, page)).toBe(false);
    expect(isOnPage({ x: 10, y: 2001 }, page)).toBe(false);
    expect(pointOnPage({ x: -5, y: 2500 }, page)).toEqual({ x: 0, y: 2000 });
  });

  it('a box over an edge is moved back, unresized and unturned; one on the page is left alone', () => {
    const inside = { x: 10, y: 10, width: 100, height: 50, rotation: 0 };
    expect(keptOnPage(inside, page)).toBe(inside);
    expect(keptOnPage({ ...inside, x: 950 }, page)).toEqual({ ...inside, x: 900 });
    expect(keptOnPage({ ...inside, x: -30, y: 1990 }, page)).toEqual({ ...inside, x: 0, y: 1950 });
  });

  it('any box no larger than the page ends wholly on it, rotated corners too', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: 1, max: 600, noNaN: true }),
        fc.double({ min: 1, max: 600, noNaN: true }),
        fc.double({ min: 0, max: 359, noNaN: true }),
        (x, y, width, height, rotation) => {
          const kept = keptOnPage({ x, y, width, height, rotation }, page);
          expect([kept.width, kept.height, kept.rotation]).toEqual([width, height, rotation]);
          const b = boundsOf(kept);
          expect(b.x).toBeGreaterThanOrEqual(-1e-6);
          expect(b.y).toBeGreaterThanOrEqual(-1e-6);
          expect(b.x + b.width).toBeLessThanOrEqual(page.width + 1e-6);
          expect(b.y + b.height).toBeLessThanOrEqual(page.height + 1e-6);
        },
      ),
    );
  });
});
