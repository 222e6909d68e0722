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

/** Wires drops inside `container` (mouse and touch) to `onDrop`. */
export function useItemDrops(container: React.RefObject<HTMLElement | null>, onDrop: (item: DraggedItem, target: DropTarget) => void): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const highlight = (el: Element | null) => {
      for (const old of root.querySelectorAll('[data-drop-active]')) old.removeAttribute('data-drop-active');
      el?.closest('[data-drop-folder-id]')?.setAttribute('data-drop-active', '');
    };

    // Mouse and pen: HTML drag and drop.
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

    // Touch: long press, then follow the finger.
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
        const ghost = source.cloneNode(true) as HTMLElement;
        ghost.className = `${source.className} drag-ghost`;
        ghost.setAttribute('aria-hidden', 'true');
        ghost.style.left = `${start.x}px`;
        ghost.style.top = `${start.y}px`;
        document.body.append(ghost);
        dragging = { item: JSON.parse(source.dataset.dragItem!) as DraggedItem, ghost };
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

    root.addEventListener('dragover', over);
    root.addEventListener('drop', drop);
    root.addEventListener('dragleave', leave);
    root.addEventListener('dragend', leave);
    root.addEventListener('pointerdown', pointerDown);
    root.addEventListener('touchmove', touchMove, { passive: false });
    root.addEventListener('touchend', touchEnd);
    root.addEventListener('touchcancel', cancel);
    root.addEventListener('contextmenu', contextMenu);
    return () => {
      cancel();
      root.removeEventListener('dragover', over);
      root.removeEventListener('drop', drop);
      root.removeEventListener('dragleave', leave);
      root.removeEventListener('dragend', leave);
      root.removeEventListener('pointerdown', pointerDown);
      root.removeEventListener('touchmove', touchMove);
      root.removeEventListener('touchend', touchEnd);
      root.removeEventListener('touchcancel', cancel);
      root.removeEventListener('contextmenu', contextMenu);
    };
  }, [container, onDrop]);
}
