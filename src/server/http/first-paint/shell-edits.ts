/**
 * THE way a page's first paint goes into its shell (issue #42: no HTML patched by regular expressions). The
 * shell is parsed once (parse5, an HTML parser, with each element's place in the text), and the elements the
 * shell marks are found by their mark, whatever the order of their attributes: `#id`, and
 * `[data-first=…]`, `[data-first-html=…]`, `[data-dashboard-list=…]`. An edit sets or removes attributes
 * of one, replaces its content, or removes it whole; the page is the shell's text with those spans replaced.
 * An edit of an element the shell does not have is left out (a shell without the slot paints without it).
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { attributesMarkup } from '../../../shared/first-paint/markup.ts';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** What one edit does to a marked element: `null` removes an attribute; `content` is markup, put in as it is. */
export interface ShellEdit {
  attributes?: Record<string, string | null>;
  content?: string;
  remove?: boolean;
}

/** Edits by the mark of their element ('#main', '[data-dashboard-list=drafts]'). */
export type ShellEdits = Record<string, ShellEdit>;

interface Marked {
  tag: string;
  attributes: [string, string][];
  start: number;
  startTagEnd: number;
  /** Where its end tag starts and ends (an element without one takes no content). */
  contentEnd: number | undefined;
  end: number;
}

const MARKS = ['data-first', 'data-first-html', 'data-dashboard-list'];

function markedElements(html: string): Map<string, Marked> {
  const found = new Map<string, Marked>();
  const visit = (node: ParentNode): void => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const element = child as Element;
      const place = element.sourceCodeLocation;
      const keys = element.attrs.flatMap((a) => (a.name === 'id' ? [`#${a.value}`] : MARKS.includes(a.name) ? [`[${a.name}=${a.value}]`] : []));
      if (place?.startTag && keys.length > 0) {
        const marked: Marked = {
          tag: element.tagName,
          attributes: element.attrs.map((a) => [a.name, a.value]),
          start: place.startOffset,
          startTagEnd: place.startTag.endOffset,
          contentEnd: place.endTag?.startOffset,
          end: place.endOffset,
        };
        for (const key of keys) if (!found.has(key)) found.set(key, marked);
      }
      visit(element.tagName === 'template' ? (element as DefaultTreeAdapterMap['template']).content : element);
    }
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  return found;
}

/** The shells' marked elements, by shell (a few dozen shells; a page made for one request is never kept). */
const indexes = new Map<string, Map<string, Marked>>();
const KEPT_INDEXES = 64;

function indexOf(html: string): Map<string, Marked> {
  let index = indexes.get(html);
  if (!index) {
    index = markedElements(html);
    if (indexes.size >= KEPT_INDEXES) indexes.delete(indexes.keys().next().value!);
    indexes.set(html, index);
  }
  return index;
}

/** Whether the shell has an element of `mark`. */
export function hasMark(html: string, mark: string): boolean {
  return indexOf(html).has(mark);
}

function startTag(element: Marked, changes: Record<string, string | null>): string {
  const attributes = new Map(element.attributes);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) attributes.delete(name);
    else attributes.set(name, value);
  }
  return `<${element.tag}${attributesMarkup(Object.fromEntries(attributes))}>`;
}

/** The shell with `edits` made (the shell itself when none applies). */
export function editShell(html: string, edits: ShellEdits): string {
  const index = indexOf(html);
  const spans: { from: number; to: number; text: string }[] = [];
  for (const [mark, edit] of Object.entries(edits)) {
    const element = index.get(mark);
    if (!element) continue;
    if (edit.remove) {
      spans.push({ from: element.start, to: element.end, text: '' });
      continue;
    }
    if (edit.attributes) spans.push({ from: element.start, to: element.startTagEnd, text: startTag(element, edit.attributes) });
    if (edit.content !== undefined && element.contentEnd !== undefined) spans.push({ from: element.startTagEnd, to: element.contentEnd, text: edit.content });
  }
  spans.sort((a, b) => a.from - b.from);
  let page = '';
  let at = 0;
  for (const span of spans) {
    if (span.from < at) continue; // inside an element already replaced whole
    page += html.slice(at, span.from) + span.text;
    at = span.to;
  }
  return spans.length === 0 ? html : page + html.slice(at);
}

/** Two sets of edits as one: a later edit of the same element adds its attributes and content to the earlier. */
export function allEdits(...sets: ShellEdits[]): ShellEdits {
  const merged: ShellEdits = {};
  for (const set of sets) {
    for (const [mark, edit] of Object.entries(set)) {
      const before = merged[mark];
      merged[mark] = before ? { ...before, ...edit, attributes: { ...before.attributes, ...edit.attributes } } : edit;
    }
  }
  return merged;
}
