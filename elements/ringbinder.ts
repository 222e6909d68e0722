/**
 * THE one script for other sites (issue #29 "Embedding in any CMS page"), built to /elements/ringbinder.js:
 *
 *   <script type="module" src="https://ringbinder.example/elements/ringbinder.js"></script>
 *   <rb-checklist share-token="share_…"></rb-checklist>
 *
 * It registers every rb-* element and loads an element's code only when the page uses its tag: the tags
 * already in the document when it runs, and any added later (a MutationObserver, until every tag is
 * defined). Each element's code is a content-hashed chunk beside this file (/elements/chunks/, cached as
 * immutable), so a repeat visit revalidates this small file alone; all the chunks an element needs are
 * asked for at once (modulepreload), not one import level at a time — a round trip each on a phone.
 * The elements call the API of the origin this script came from unless given an `api-base`
 * (elements/shared/element-transport.ts).
 *
 * A tag used where the document's observer cannot see it — inside another component's shadow root — is
 * loaded with `load('rb-qr-code')` from this module. Loading this script twice (or beside a standalone
 * /elements/rb-*.js) is harmless: a tag is defined once.
 */

export type ElementTag = 'rb-checklist' | 'rb-permission-editor' | 'rb-qr-code' | 'rb-qr-dialog';

/** Each element's code, by tag: its class, after the elements it draws inside itself are defined. */
const elements: Record<ElementTag, () => Promise<CustomElementConstructor>> = {
  'rb-checklist': async () => (await import('./rb-checklist/rb-checklist.element.ts')).RbChecklist,
  'rb-permission-editor': async () => (await import('./rb-permission-editor/rb-permission-editor.element.ts')).RbPermissionEditor,
  'rb-qr-code': async () => (await import('./rb-qr-code/rb-qr-code.element.ts')).RbQrCode,
  // The dialog draws a QR code in its shadow root, where the document's observer does not look.
  'rb-qr-dialog': async () => {
    const [, { RbQrDialog }] = await Promise.all([load('rb-qr-code'), import('./rb-qr-dialog/rb-qr-dialog.element.ts')]);
    return RbQrDialog;
  },
};

/**
 * Each element's chunks — its code and every chunk that code imports, as paths beside this file — by tag.
 * scripts/build-elements.mjs writes them in place of this placeholder once esbuild has named the chunks.
 */
const elementChunks = JSON.parse('{"placeholder":"element chunks"}') as Partial<Record<ElementTag, string[]>>;

/** Announces the chunks of `tag` so the browser fetches them side by side (and before the import needs them). */
function preload(tag: ElementTag): void {
  for (const chunk of elementChunks[tag] ?? []) {
    const href = new URL(chunk, import.meta.url).href;
    if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Every tag this script defines. */
export const elementTags = Object.keys(elements) as ElementTag[];

const loading = new Map<ElementTag, Promise<void>>();

/** Loads and defines `tag` once; resolves when it is defined. A failed load is tried again at the next call. */
export function load(tag: ElementTag): Promise<void> {
  let done = loading.get(tag);
  if (!done) {
    preload(tag);
    done = elements[tag]().then(
      (element) => {
        if (!customElements.get(tag)) customElements.define(tag, element);
      },
      (error: unknown) => {
        loading.delete(tag);
        throw error;
      },
    );
    loading.set(tag, done);
  }
  return done;
}

const isElementTag = (name: string): name is ElementTag => Object.hasOwn(elements, name);

/** Loads the elements used in `root` (itself included), reporting a failure without stopping the others. */
function loadUsed(root: Element | Document): void {
  const used = new Set<ElementTag>();
  if (root instanceof Element && isElementTag(root.localName)) used.add(root.localName);
  for (const found of root.querySelectorAll(elementTags.join(','))) if (isElementTag(found.localName)) used.add(found.localName);
  for (const tag of used) {
    if (customElements.get(tag)) continue;
    load(tag).catch((error: unknown) => console.error(`ringbinder.js: ${tag} could not be loaded`, error));
  }
}

function watch(): void {
  loadUsed(document);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) loadUsed(node);
    if (elementTags.every((tag) => customElements.get(tag))) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

if (typeof document !== 'undefined' && typeof customElements !== 'undefined') watch();
