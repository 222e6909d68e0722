/**
 * The embedded fill page tells the page around its frame how tall it is (#29): `{type: 'ringbinder:height',
 * height}` to `window.parent` on every change of its content's size (a ResizeObserver), so the iframe
 * snippet's script (public/elements/embed-frame.js) sizes the frame without scroll bars. Without that
 * script nothing listens, and the frame keeps its fixed height and scrolls.
 */

export const HEIGHT_MESSAGE = 'ringbinder:height';
/** The host's sizing script asking for the height again. */
const ASK_HEIGHT = 'ringbinder:ask-height';

export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE;
  height: number;
}

/** A function of the content's measured height that posts it rounded up to whole pixels, and only when it changed. */
export function heightReporter(post: (message: HeightMessage) => void): (measured: number) => void {
  let last = -1;
  return (measured) => {
    const height = Math.max(0, Math.ceil(measured));
    if (height === last) return;
    last = height;
    post({ type: HEIGHT_MESSAGE, height });
  };
}

/** Reports `content`'s height to the parent page from now on; nothing when the page is not in a frame. */
export function reportFrameHeight(content: HTMLElement): void {
  if (window.parent === window) return;
  // Any origin: the height is no secret, and the host's origin is not known here (EMBED_ORIGINS limits who may frame the page).
  const report = heightReporter((message) => window.parent.postMessage(message, '*'));
  const measure = () => report(content.getBoundingClientRect().height);
  new ResizeObserver(measure).observe(content);
  measure();
  // The host page's sizing script may start after this page has reported: it asks again, and hears that
  // the frame was drawn (a frame that never answers was refused: embed-frame.js says so, issue #43).
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || (event.data as { type?: unknown } | null)?.type !== ASK_HEIGHT) return;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height: Math.max(0, Math.ceil(content.getBoundingClientRect().height)) }, '*');
  });
}
