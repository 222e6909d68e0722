/**
 * The page's annotations (documentation §4: shapes recoloured, given a stroke width and a description,
 * removed): a list of the page's shapes (each selects its shape: the keyboard's way to the canvas's
 * shapes), and the selected shape's colour (six, red the default), stroke width (1–5), rotation,
 * description and Remove shape.
 */
import { useId, type Dispatch } from 'react';
import {
  MAX_SHAPE_DESCRIPTION_LENGTH,
  MAX_STROKE_WIDTH,
  MIN_STROKE_WIDTH,
  SHAPE_COLOURS,
  type Page,
  type Shape,
  type ShapeColour,
} from '../../src/shared/presentations/model.ts';
import { normaliseRotation, rotateBox } from '../../src/shared/presentations/resize.ts';
import { shapeName } from '../../src/shared/presentations/shape-name.ts';
import { SHAPE_STROKES } from '../shared/presentation-canvas/index.ts';
import type { EditorAction } from './editor-state.ts';

interface Props {
  page: Page;
  selectedShape: string | undefined;
  dispatch: Dispatch<EditorAction>;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type ShapeChange = Extract<EditorAction, { type: 'changeShape' }>['change'];
type FieldIds = Record<'colour' | 'stroke' | 'rotation' | 'description', string>;

export function ShapePanel({ page, selectedShape, dispatch }: Props) {
  const ids = { colour: useId(), stroke: useId(), rotation: useId(), description: useId(), heading: useId() };
  const shape = page.shapes.find((s) => s.id === selectedShape);
  const change = (c: ShapeChange) => shape && dispatch({ type: 'changeShape', pageID: page.pageID, id: shape.id, change: c });

  return (
    <section className="shape-panel" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>Annotations</h3>
      {page.shapes.length === 0 ? (
        <p className="hint">No annotations on this page. Choose Rectangle, Ellipse or Arrow, then click the page.</p>
      ) : (
        <ShapeList page={page} selectedShape={selectedShape} dispatch={dispatch} />
      )}

      {shape && (
        <div className="shape-fields" data-shape-id={shape.id}>
          <ShapeFields shape={shape} ids={ids} change={change} />
          <div className="shape-actions">
            <button type="button" className="button danger" onClick={() => dispatch({ type: 'removeShape', pageID: page.pageID, id: shape.id })}>
              Remove shape
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** The page's shapes, each a button that selects it (or lets go of it). */
function ShapeList({ page, selectedShape, dispatch }: Props) {
  return (
    <ol className="shape-list">
      {page.shapes.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            className="shape-item"
            aria-pressed={s.id === selectedShape ? 'true' : 'false'}
            onClick={() => dispatch({ type: 'selectShape', id: s.id === selectedShape ? undefined : s.id })}
          >
            <span className="swatch" style={{ borderColor: SHAPE_STROKES[s.color] }} aria-hidden="true" />
            {shapeName(s)}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The selected shape's colour, stroke width, rotation and description. */
function ShapeFields({ shape, ids, change }: { shape: Shape; ids: FieldIds; change: (c: ShapeChange) => void }) {
  return (
    <>
      <div className="field">
        <label htmlFor={ids.colour}>Colour</label>
        <select id={ids.colour} value={shape.color} onChange={(e) => change({ color: e.target.value as ShapeColour })}>
          {SHAPE_COLOURS.map((c) => (
            <option key={c} value={c}>
              {capital(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.stroke}>Stroke width</label>
        <select id={ids.stroke} value={shape.strokeWidth} onChange={(e) => change({ strokeWidth: Number(e.target.value) })}>
          {Array.from({ length: MAX_STROKE_WIDTH - MIN_STROKE_WIDTH + 1 }, (_, i) => MIN_STROKE_WIDTH + i).map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.rotation}>Rotation (degrees)</label>
        <input
          id={ids.rotation}
          type="number"
          min={0}
          max={359}
          step={1}
          value={Math.round(shape.rotation)}
          onChange={(e) => {
            const degrees = Number(e.target.value);
            if (!Number.isFinite(degrees)) return;
            const turned = rotateBox(shape, normaliseRotation(degrees));
            change({ x: turned.x, y: turned.y, rotation: turned.rotation });
          }}
        />
      </div>
      <div className="field wide">
        <label htmlFor={ids.description}>Shape description</label>
        <textarea
          id={ids.description}
          rows={3}
          maxLength={MAX_SHAPE_DESCRIPTION_LENGTH}
          value={shape.description}
          onChange={(e) => change({ description: e.target.value })}
        />
      </div>
    </>
  );
}
