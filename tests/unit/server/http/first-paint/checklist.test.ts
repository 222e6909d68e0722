/**
 * A checklist's view page drawn by the server (src/server/http/first-paint/checklist.ts): rb-checklist's
 * own templates in a declarative shadow root, with Lit's part markers, waiting (`defer-hydration`) until the
 * viewer hands it the same checklist and it hydrates (#42: neither inert nor drawn again); whatever a checklist's
 * author wrote stays text (parsed back with parse5, as a browser parses it); nothing is checked that the
 * answers do not check.
 */
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { checklistBodyHtml } from '../../../../../src/server/http/first-paint/checklist.ts';
import type { Document } from '../../../../../src/shared/api/documentation.ts';
import { newQuestion, withValueType } from '../../../../../src/shared/checklists/index.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const HOSTILE = `</template></rb-checklist><script>alert("x")</script><img src=x onerror=alert(1)> & "'`;

function checklist(overrides: Partial<Document> = {}): Document {
  const question = (title: string, type: Parameters<typeof withValueType>[1], extra = {}) => ({ ...withValueType({ ...newQuestion(), title }, type), ...extra });
  return {
    id: 'd1',
    document_id: 'd1',
    folder_id: 'root',
    name: 'Daily check',
    description: HOSTILE,
    doctype: 'form',
    kind: 'document',
    version: 2,
    latest_version: 2,
    path: [],
    root_id: 'root',
    contents: {
      questions: {
        a: question(HOSTILE, 'true/false', { required: true }),
        b: question('Pick one', 'single choice', { choices: [HOSTILE, 'No'] }),
        c: question('Notes', 'text'),
      },
      question_index: ['a', 'b', 'c'],
    },
    draft_contents: null,
    draft_user_id: null,
    user_permissions: 0,
    created_at: '2026-01-01T00:00:00Z',
    created_by_username: null,
    ...overrides,
  } as Document;
}

/** Every element of a tree, template contents (the declarative shadow root) included. */
function elements(node: Node): Element[] {
  const found: Element[] = [];
  const visit = (n: Node) => {
    if ('tagName' in n) {
      found.push(n);
      if (n.tagName === 'template') visit((n as DefaultTreeAdapterMap['template']).content);
    }
    if ('childNodes' in n) n.childNodes.forEach(visit);
  };
  visit(node);
  return found;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  const children = 'tagName' in node && node.tagName === 'template' ? [(node as DefaultTreeAdapterMap['template']).content] : 'childNodes' in node ? node.childNodes : [];
  return children.map(textOf).join('');
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

describe('checklistBodyHtml', () => {
  it('draws the description, the count and the filler with its questions in a declarative shadow root, waiting to hydrate', async () => {
    const html = (await checklistBodyHtml(checklist()))!;
    const all = elements(parseFragment(html));
    const description = all.find((e) => attr(e, 'class') === 'document-description')!;
    expect(textOf(description)).toBe(HOSTILE);
    expect(textOf(all.find((e) => attr(e, 'class') === 'document-question-count')!)).toBe('3 questions');

    const filler = all.find((e) => e.tagName === 'rb-checklist')!;
    expect(attr(filler, 'defer-hydration')).toBe('');
    expect(attr(filler, 'inert')).toBeUndefined();
    expect(attr(filler, 'data-server-drawn')).toBeUndefined();
    const root = filler.childNodes.find((n): n is Element => 'tagName' in n && n.tagName === 'template')!;
    expect(attr(root, 'shadowrootmode')).toBe('open');
    const legends = elements(root).filter((e) => e.tagName === 'legend').map((e) => textOf(e).replace(/\s+\*?\s*$/, '').trim());
    expect(legends).toEqual([HOSTILE.trim(), 'Pick one', 'Notes']);
    expect(elements(root).some((e) => e.tagName === 'style')).toBe(true);
    // What hydration walks: the markers of the element's render() template, inside its shadow root.
    const markers: string[] = [];
    const visit = (n: Node) => {
      if (n.nodeName === '#comment') markers.push((n as DefaultTreeAdapterMap['commentNode']).data);
      if (n.nodeName === 'template') visit((n as DefaultTreeAdapterMap['template']).content);
      if ('childNodes' in n) n.childNodes.forEach(visit);
    };
    visit(root);
    expect(markers.some((data) => data.startsWith('lit-part '))).toBe(true);
  });

  it('keeps hostile text as text: no script, no handler attribute, no element it did not draw', async () => {
    const html = (await checklistBodyHtml(checklist()))!;
    const all = elements(parse(`<!doctype html><body>${html}</body>`));
    expect(all.filter((e) => e.tagName === 'script')).toEqual([]);
    expect(all.filter((e) => e.tagName === 'img')).toEqual([]);
    expect(all.flatMap((e) => e.attrs.map((a) => a.name)).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(all.filter((e) => e.tagName === 'rb-checklist')).toHaveLength(1);
  });

  it('checks nothing the answers do not check (Lit SSR writes checked="false")', async () => {
    const html = (await checklistBodyHtml(checklist()))!;
    const inputs = elements(parseFragment(html)).filter((e) => e.tagName === 'input');
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((e) => attr(e, 'checked') !== undefined)).toEqual([]);
  });

  it('draws nothing for an older version or a checklist without questions (the page shows a summary)', async () => {
    expect(await checklistBodyHtml(checklist({ version: 1 }))).toBeUndefined();
    expect(await checklistBodyHtml(checklist({ contents: { questions: {}, question_index: [] } as unknown as Document['contents'] }))).toBeUndefined();
  });
});
