/**
 * The one way our elements emit events: typed by `GlobalEventHandlersEventMap` (each element declares
 * its events there), bubbling and composed so that a listener outside any shadow root hears them.
 */

/** The detail type of a custom event named in `GlobalEventHandlersEventMap`. */
export type EventDetail<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches `type` with `detail` from `target` (bubbles, composed); answers whether nobody cancelled it. */
export function emit<K extends keyof GlobalEventHandlersEventMap>(target: EventTarget, type: K, detail: EventDetail<K>): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
