/**
 * The viewer's resizable panels (documentation §2 "resizable panels", §9 the limits): a handle between
 * two panels that a pointer drags and the keyboard moves (a focusable `separator` with its value, per
 * the WAI-ARIA window splitter pattern: arrows by a step, Home the smallest, End the largest).
 */
import { clampPanel, PANEL_KEY_STEP } from './viewer-state.ts';

export interface SplitterOptions {
  handle: HTMLElement;
  /** The panel whose size the handle sets. */
  panel: HTMLElement;
  /** 'width' for a panel beside the canvas, 'height' for one below it. */
  dimension: 'width' | 'height';
  /** The panel sits after the handle (right or below): dragging towards it makes it smaller. */
  label: string;
  min: number;
  max: () => number;
  initial: () => number;
}

export class Splitter {
  private size: number;

  constructor(private readonly options: SplitterOptions) {
    const { handle, panel, dimension, label, min } = options;
    handle.setAttribute('role', 'separator');
    handle.setAttribute('aria-orientation', dimension === 'width' ? 'vertical' : 'horizontal');
    handle.setAttribute('aria-label', label);
    handle.setAttribute('aria-valuemin', String(min));
    if (panel.id) handle.setAttribute('aria-controls', panel.id);
    handle.tabIndex = 0;
    this.size = options.initial();
    this.apply(this.size);
    handle.addEventListener('keydown', (event) => this.onKey(event));
    handle.addEventListener('pointerdown', (event) => this.onPointerDown(event));
  }

  /** Keeps the size within the limits after the page changed size. */
  refit(): void {
    this.apply(this.size);
  }

  get current(): number {
    return this.size;
  }

  private apply(size: number): void {
    const { handle, panel, dimension, min, max } = this.options;
    const largest = Math.max(min, max());
    this.size = clampPanel(size, min, largest);
    panel.style.setProperty(dimension === 'width' ? '--panel-width' : '--panel-height', `${this.size}px`);
    handle.setAttribute('aria-valuemax', String(Math.round(largest)));
    handle.setAttribute('aria-valuenow', String(this.size));
  }

  private onKey(event: KeyboardEvent): void {
    const grow = this.options.dimension === 'width' ? ['ArrowLeft'] : ['ArrowUp'];
    const shrink = this.options.dimension === 'width' ? ['ArrowRight'] : ['ArrowDown'];
    let next: number | null = null;
    if (grow.includes(event.key)) next = this.size + PANEL_KEY_STEP;
    else if (shrink.includes(event.key)) next = this.size - PANEL_KEY_STEP;
    else if (event.key === 'Home') next = this.options.min;
    else if (event.key === 'End') next = this.options.max();
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation(); // not a page change
    this.apply(next);
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    const { handle, dimension } = this.options;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    const start = dimension === 'width' ? event.clientX : event.clientY;
    const from = this.size;
    handle.classList.add('dragging');
    const move = (e: PointerEvent) => {
      const now = dimension === 'width' ? e.clientX : e.clientY;
      this.apply(from - (now - start));
    };
    const end = () => {
      handle.classList.remove('dragging');
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }
}
