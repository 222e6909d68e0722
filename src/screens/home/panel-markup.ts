/**
 * Sets a drawing (markup of src/shared/first-paint/) as an element's content, unless the element already
 * shows that very drawing: then its nodes stay as they are. So home's script takes over what the server drew
 * into the first HTML (src/server/http/first-paint/home.ts) without touching it — nothing moves, and a
 * focused link or button keeps the focus — and redraws only what changed.
 */
export function setMarkup(element: HTMLElement, markup: string): void {
  const drawing = document.createElement('template');
  drawing.innerHTML = markup;
  // Both sides serialised by the browser from parsed nodes, so only a real difference tells them apart.
  if (drawing.innerHTML === element.innerHTML) return;
  element.replaceChildren(drawing.content);
}
