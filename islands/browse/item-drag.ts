/**
 * Dragging an item onto a folder tile or a breadcrumb (documentation §2): the drop puts the item on
 * the clipboard and opens the paste dialog. Drop targets are any elements carrying
 * `data-drop-folder-id` and `data-drop-folder-name`, found by delegation from one container.
 *
 * Mouse and pen use the browser's drag and drop. Touch uses a long press: after 500 ms
 * (TOUCH_DRAG_DELAY_MS) without moving, the item follows the finger and lifting it over a target drops
 * it; moving earlier is a scroll, not a drag.
 */
import { useEffect } from 'react';
import type { ItemKind } from '../../src/shared/api/documentation.ts';
import { TOUCH_DRAG_DELAY_MS } from '../../src/shared/constants.ts';

export interface DraggedItem {
  kind: ItemKind;
  id: string;
  name: string;
  /** The caller's permission bits on the item (whether the paste may also move it). */
  permissions: number;
}

export interface DropTarget {
  id: string;
  name: string;
}

const MIME = 'application/x-ringbinder-item';
/** A finger that moves this far before the delay is scrolling. */
const SCROLL_SLOP_PX = 10;

export function dragProps(item: DraggedItem, enabled: boolean) {
  if (!enabled) return { draggable: false };
  return {
    draggable: true,
    'data-drag-item': JSON.stringify(item),
    onDragStart: (event: React.DragEvent) => {
      event.dataTransfer.setData(MIME, JSON.stringify(item));
      event.dataTransfer.setData('text/plain', item.name);
      event.dataTransfer.effectAllowed = 'copyMove';
    },
  };
}

function targetAt(element: Element | null): DropTarget | undefined {
  const target = element?.closest<HTMLElement>('[data-drop-folder-id]');
  if (!target) return undefined;
  return { id: target.dataset.dropFolderId!, name: target.dataset.dropFolderName ?? '' };
}

function droppable(item: DraggedItem, target: DropTarget | undefined): target is DropTarget {
  return target !== undefined && !(item.kind === 'folder' && item.id === target.id);
}

type Highlight = (el: Element | null) => void;
type Drop = (item: DraggedItem, target: DropTarget) => void;
type Listener = [type: string, listener: EventListener, options?: AddEventListenerOptions];

/** Adds the listeners to `root`; the answer removes them. */
function listen(root: HTMLElement, listeners: Listener[]): () => void {
  for (const [type, listener, options] of listeners) root.addEventListener(type, listener, options);
  return () => {
    for (const [type, listener] of listeners) root.removeEventListener(type, listener);
  };
}

/** Mouse and pen: HTML drag and drop. */
function mouseDrops(root: HTMLElement, highlight: Highlight, onDrop: Drop): () => void {
  const over = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes(MIME) || !targetAt(event.target as Element)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    highlight(event.target as Element);
  };
  const drop = (event: DragEvent) => {
    const raw = event.dataTransfer?.getData(MIME);
    const target = targetAt(event.target as Element);
    highlight(null);
    if (!raw || !target) return;
    event.preventDefault();
    const item = JSON.parse(raw) as DraggedItem;
    if (droppable(item, target)) onDrop(item, target);
  };
  const leave = () => highlight(null);
  return listen(root, [
    ['dragover', over as EventListener],
    ['drop', drop as EventListener],
    ['dragleave', leave],
    ['dragend', leave],
  ]);
}

/** A copy of the pressed tile that follows the finger. */
function ghostOf(source: HTMLElement, at: { x: number; y: number }): HTMLElement {
  const ghost = source.cloneNode(true) as HTMLElement;
  ghost.className = `${source.className} drag-ghost`;
  ghost.setAttribute('aria-hidden', 'true');
  ghost.style.left = `${at.x}px`;
  ghost.style.top = `${at.y}px`;
  document.body.append(ghost);
  return ghost;
}

/** Touch: long press, then follow the finger. */
function touchDrops(root: HTMLElement, highlight: Highlight, onDrop: Drop): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dragging: { item: DraggedItem; ghost: HTMLElement } | undefined;
  let start = { x: 0, y: 0 };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    dragging?.ghost.remove();
    dragging = undefined;
    highlight(null);
  };
  const pointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    const source = (event.target as Element).closest<HTMLElement>('[data-drag-item]');
    if (!source) return;
    start = { x: event.clientX, y: event.clientY };
    timer = setTimeout(() => {
      dragging = { item: JSON.parse(source.dataset.dragItem!) as DraggedItem, ghost: ghostOf(source, start) };
      navigator.vibrate?.(30);
    }, TOUCH_DRAG_DELAY_MS);
  };
  const touchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!touch) return;
    if (!dragging) {
      if (timer && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > SCROLL_SLOP_PX) cancel();
      return;
    }
    event.preventDefault(); // the page must not scroll while an item is carried
    dragging.ghost.style.left = `${touch.clientX}px`;
    dragging.ghost.style.top = `${touch.clientY}px`;
    highlight(document.elementFromPoint(touch.clientX, touch.clientY));
  };
  const touchEnd = (event: TouchEvent) => {
    const carried = dragging;
    const touch = event.changedTouches[0];
    cancel();
    if (!carried || !touch) return;
    event.preventDefault(); // no click on the tile under the finger
    const target = targetAt(document.elementFromPoint(touch.clientX, touch.clientY));
    if (droppable(carried.item, target)) onDrop(carried.item, target);
  };
  const contextMenu = (event: Event) => {
    if (dragging) event.preventDefault();
  };
  const unlisten = listen(root, [
    ['pointerdown', pointerDown as EventListener],
    ['touchmove', touchMove as EventListener, { passive: false }],
    ['touchend', touchEnd as EventListener],
    ['touchcancel', cancel],
    ['contextmenu', contextMenu],
  ]);
  return () => {
    cancel();
    unlisten();
  };
}

/** Wires drops inside `container` (mouse and touch) to `onDrop`. */
export function useItemDrops(container: React.RefObject<HTMLElement | null>, onDrop: Drop): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const highlight: Highlight = (el) => {
      for (const old of root.querySelectorAll('[data-drop-active]')) old.removeAttribute('data-drop-active');
      el?.closest('[data-drop-folder-id]')?.setAttribute('data-drop-active', '');
    };
    const stopMice = mouseDrops(root, highlight, onDrop);
    const stopTouches = touchDrops(root, highlight, onDrop);
    return () => {
      stopTouches();
      stopMice();
    };
  }, [container, onDrop]);
}
