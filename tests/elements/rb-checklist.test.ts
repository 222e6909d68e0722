/**
 * <rb-checklist> alone in Chromium: a shadow root the page's HTML already gave it (declarative shadow
 * DOM: the server's drawing of its questions, issue #31) is drawn anew by the element with its own
 * template — its questions once, not the server's and its own side by side.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { newQuestion, withValueType } from '../../src/shared/checklists/index.ts';
import '../../elements/rb-checklist/rb-checklist.ts';

afterEach(() => document.body.replaceChildren());

describe('<rb-checklist>', () => {
  test('draws a declarative shadow root from the HTML anew, with its own template', async () => {
    // setHTMLUnsafe parses declarative shadow roots, as the HTML parser does for a page.
    const host = document.createElement('div');
    (host as unknown as { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(
      '<rb-checklist><template shadowrootmode="open"><p class="server">Drawn by the server</p><form><fieldset><legend>Old</legend></fieldset></form></template></rb-checklist>',
    );
    const element = host.firstElementChild as HTMLElementTagNameMap['rb-checklist'];
    document.body.append(host);
    element.form = {
      id: 'd1',
      name: 'Daily',
      description: '',
      version: 1,
      contents: { questions: { a: { ...withValueType({ ...newQuestion(), title: 'Is it clean?' }, 'true/false') } }, question_index: ['a'] },
    } as unknown as HTMLElementTagNameMap['rb-checklist']['form'];
    await element.updateComplete;
    const root = element.shadowRoot!;
    expect(root.querySelector('.server')).toBeNull();
    expect([...root.querySelectorAll('legend')].map((l) => l.textContent?.trim())).toEqual([expect.stringMatching(/^Is it clean\?/)]);
  });
});
