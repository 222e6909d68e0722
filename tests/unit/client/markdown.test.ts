import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../../src/client/markdown.ts';
import { attr, attrsOf, outlines, readHtml, select, textOf } from '../../support/html.ts';

// The sanitised fragment (DOMPurify) needs a DOM: tests/e2e/presentation-viewer.spec.ts checks it in the browser.
describe('markdownHtml', () => {
  it('renders tables, strikethrough and task lists (GitHub-flavoured)', () => {
    const html = markdownHtml('| Part | Qty |\n|---|---|\n| Bolt | 4 |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n');
    expect(select(html, 'table').map(attrsOf)).toEqual([{}]);
    expect(outlines(html, 'th')).toContainEqual({ tag: 'th', attrs: {}, text: 'Part' });
    expect(outlines(html, 'td')).toContainEqual({ tag: 'td', attrs: {}, text: 'Bolt' });
    expect(outlines(html, 'del')).toEqual([{ tag: 'del', attrs: {}, text: 'old' }]);
    const boxes = select(html, 'input[type="checkbox"]');
    expect(boxes.map((box) => [attrsOf(box), textOf(box.parentNode!).trim()])).toEqual([
      [expect.objectContaining({ checked: '', disabled: '', type: 'checkbox' }), 'done'],
      [expect.objectContaining({ disabled: '', type: 'checkbox' }), 'to do'],
    ]);
    expect(attr(boxes[1]!, 'checked')).toBeUndefined();
  });

  it('shows raw HTML as text: neither block nor inline markup passes through', () => {
    const html = markdownHtml('<script>alert(1)</script>\n\nHello <img src=x onerror="alert(2)"> <b>bold</b>');
    expect(select(html, 'script')).toEqual([]);
    expect(select(html, 'img')).toEqual([]);
    expect(select(html, 'b')).toEqual([]);
    expect(textOf(readHtml(html))).toContain('<script>alert(1)</script>');
    expect(textOf(readHtml(html))).toContain('<img src=x onerror="alert(2)">');
  });

  it('keeps a picture’s alternative text but never the picture', () => {
    const html = markdownHtml('![a bolt](https://example.com/bolt.png)');
    expect(select(html, 'img')).toEqual([]);
    expect(textOf(readHtml(html))).toContain('a bolt');
  });

  it('renders headings, emphasis and links', () => {
    const html = markdownHtml('# Title\n\n*soft* **hard** [site](https://example.com)');
    expect(outlines(html, 'h1')).toEqual([{ tag: 'h1', attrs: {}, text: 'Title' }]);
    expect(outlines(html, 'em')).toEqual([{ tag: 'em', attrs: {}, text: 'soft' }]);
    expect(outlines(html, 'strong')).toEqual([{ tag: 'strong', attrs: {}, text: 'hard' }]);
    expect(outlines(html, 'a')).toEqual([{ tag: 'a', attrs: { href: 'https://example.com' }, text: 'site' }]);
  });
});
