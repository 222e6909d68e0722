import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../../src/client/markdown.ts';

// The sanitised fragment (DOMPurify) needs a DOM: tests/e2e/presentation-viewer.spec.ts checks it in the browser.
describe('markdownHtml', () => {
  it('renders tables, strikethrough and task lists (GitHub-flavoured)', () => {
    const html = markdownHtml('| Part | Qty |\n|---|---|\n| Bolt | 4 |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Part</th>');
    expect(html).toContain('<td>Bolt</td>');
    expect(html).toContain('<del>old</del>');
    expect(html).toMatch(/<input checked="" disabled="" type="checkbox"[^>]*> ?done/);
    expect(html).toMatch(/<input disabled="" type="checkbox"[^>]*> ?to do/);
  });

  it('shows raw HTML as text: neither block nor inline markup passes through', () => {
    const html = markdownHtml('<script>alert(1)</script>\n\nHello <img src=x onerror="alert(2)"> <b>bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('keeps a picture’s alternative text but never the picture', () => {
    const html = markdownHtml('![a bolt](https://example.com/bolt.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('a bolt');
  });

  it('renders headings, emphasis and links', () => {
    const html = markdownHtml('# Title\n\n*soft* **hard** [site](https://example.com)');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<strong>hard</strong>');
    expect(html).toContain('<a href="https://example.com">site</a>');
  });
});
