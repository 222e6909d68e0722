/**
 * HTML as text, for the markup a page's first paint shares between the browser (an element or a page
 * script sets it as innerHTML) and the server (it writes it into the page's first HTML: src/server/http/
 * first-paint/). Pure: no DOM, so both can run it.
 */

/** Text safe in an element's content and in a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** ` name="value"` for each attribute (an empty value is written bare: ` modified`). */
export function attributesMarkup(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
}
