/**
 * The markup a page's first paint draws (./document-view.ts) goes into the shell's empty elements marked
 * `data-first-html="<name>"`: `<div id="document-body" data-first-html="document-body"></div>` gets the
 * HTML drawn for 'document-body' as its content. A slot with nothing drawn stays empty. The markup is the
 * renderer's (Lit SSR escapes every text and attribute value it writes), put in as it is.
 */
const HTML_SLOT = /<([a-z][a-z0-9]*)\b([^>]*?\sdata-first-html="([a-z-]+)"[^>]*)><\/\1>/g;

export function fillHtmlSlots(html: string, drawn: Readonly<Record<string, string>>): string {
  if (Object.keys(drawn).length === 0) return html;
  return html.replace(HTML_SLOT, (element, tag: string, attributes: string, name: string) => {
    const markup = drawn[name];
    return markup === undefined ? element : `<${tag}${attributes}>${markup}</${tag}>`;
  });
}
