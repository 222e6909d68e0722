/**
 * HTML read as a browser reads it (parse5, the parser src/server/http/first-paint/shell-edits.ts edits pages
 * with), for tests: a test finds elements by tag, id, class and attribute, never by a regular expression over
 * the text (that breaks on attribute order and passes on broken markup).
 *
 * `select(html, 'ul[data-dashboard-list="drafts"] li.first-step')`: compound selectors (a tag, `#id`, `.class`,
 * `[name]`, `[name="value"]`) joined by spaces (descendant); a template's content (a declarative shadow root)
 * is searched too.
 */
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

export type HtmlElement = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Node = DefaultTreeAdapterMap['node'];

/** A page (its text starts with a doctype or `<html`) as a document, anything else as a fragment (rows and cells stay). */
export function readHtml(html: string): ParentNode {
  const start = html.trimStart().slice(0, 9).toLowerCase();
  return start.startsWith('<!doctype') || start.startsWith('<html') ? parse(html) : parseFragment(html);
}

const isElement = (node: Node): node is HtmlElement => 'tagName' in node;
const childrenOf = (node: ParentNode): Node[] => (isElement(node) && node.tagName === 'template' ? (node as DefaultTreeAdapterMap['template']).content : node).childNodes;

/** The elements under `root`, in document order (a template's content included). */
export function elementsOf(root: ParentNode | string): HtmlElement[] {
  const found: HtmlElement[] = [];
  const visit = (node: ParentNode): void => {
    for (const child of childrenOf(node)) {
      if (!isElement(child)) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(typeof root === 'string' ? readHtml(root) : root);
  return found;
}

/** The element's children that are elements. */
export const childElements = (element: ParentNode): HtmlElement[] => childrenOf(element).filter(isElement);

/** The value of an attribute, or undefined when the element has none of that name. */
export const attr = (element: HtmlElement, name: string): string | undefined => element.attrs.find((a) => a.name === name)?.value;

/** Every attribute of the element, by name (a boolean attribute's value is ''). */
export const attrsOf = (element: HtmlElement): Record<string, string> => Object.fromEntries(element.attrs.map((a) => [a.name, a.value]));

/** The text of the node and its descendants, as `textContent` reads it (entities decoded; not a template's content). */
export function textOf(node: Node): string {
  if ('value' in node && node.nodeName === '#text') return node.value;
  if (!('childNodes' in node) || (isElement(node) && node.tagName === 'template')) return '';
  return node.childNodes.map(textOf).join('');
}

type Test = (element: HtmlElement) => boolean;

/** One compound selector (`li.first-step[data-done="true"]`) as a test of an element. */
function compound(selector: string): Test {
  const tests: Test[] = [];
  const part = /([#.]?)([\w-]+)|\[([\w:-]+)(?:="([^"]*)")?\]/gy;
  for (let m = part.exec(selector); m; m = part.exec(selector)) {
    const [, sigil, name, attribute, value] = m;
    if (attribute !== undefined) tests.push((e) => (value === undefined ? attr(e, attribute) !== undefined : attr(e, attribute) === value));
    else if (sigil === '#') tests.push((e) => attr(e, 'id') === name);
    else if (sigil === '.') tests.push((e) => (attr(e, 'class') ?? '').split(/\s+/).includes(name!));
    else tests.push((e) => e.tagName === name);
    if (part.lastIndex === selector.length) return (e) => tests.every((t) => t(e));
  }
  throw new Error(`tests/support/html.ts cannot read the selector "${selector}"`);
}

/** The elements that match `selector` (compounds joined by spaces: each under one that matches the one before). */
export function select(root: ParentNode | string, selector: string): HtmlElement[] {
  const [first, ...rest] = selector.trim().split(/\s+(?![^[]*\])/).map(compound);
  let found = elementsOf(root).filter(first!);
  for (const test of rest) found = [...new Set(found.flatMap((scope) => elementsOf(scope).filter(test)))];
  return found;
}

/** The first element that matches `selector`; a test fails here when there is none. */
export function one(root: ParentNode | string, selector: string): HtmlElement {
  const found = select(root, selector)[0];
  if (!found) throw new Error(`no element matches ${selector}`);
  return found;
}

/** An element as a test compares it: its tag, every attribute, and its text. */
export const outline = (element: HtmlElement) => ({ tag: element.tagName, attrs: attrsOf(element), text: textOf(element) });

/** The elements of `selector` as outlines (see outline). */
export const outlines = (root: ParentNode | string, selector: string) => select(root, selector).map(outline);

/** The element's next sibling that is an element, if any. */
export function nextElement(element: HtmlElement): HtmlElement | undefined {
  const siblings = childElements(element.parentNode!);
  return siblings[siblings.indexOf(element) + 1];
}
