/**
 * Issue #43 item 9: the host page's root font size does not reach into <rb-checklist>. A CMS's
 * `html { font-size: 62.5% }` (or 30px) changes `rem`; the element's sizes are in em from its own
 * `medium` (embed-reset.styles.ts), so its heading, questions and radio buttons keep their size.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { newQuestion, withValueType } from '../../src/shared/checklists/index.ts';
import '../../elements/rb-checklist/rb-checklist.ts';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.style.removeProperty('font-size');
});

async function checklist(kiosk = false): Promise<HTMLElementTagNameMap['rb-checklist']> {
  const element = document.createElement('rb-checklist');
  if (kiosk) element.setAttribute('kiosk', '');
  document.body.append(element);
  element.form = {
    id: 'd1',
    name: 'Ladder check',
    description: '',
    version: 1,
    contents: {
      questions: { a: { ...withValueType({ ...newQuestion(), title: 'Rungs sound', required: true }, 'true/false') } },
      question_index: ['a'],
    },
  } as unknown as HTMLElementTagNameMap['rb-checklist']['form'];
  await element.updateComplete;
  return element;
}

/** The heading's, a question's and a radio button's sizes in px. */
function sizes(element: HTMLElement) {
  const root = element.shadowRoot!;
  const heading = root.querySelector('h2')!;
  const legend = root.querySelector('legend')!;
  const radio = root.querySelector('input[type="radio"]')!;
  return {
    heading: parseFloat(getComputedStyle(heading).fontSize),
    question: parseFloat(getComputedStyle(legend).fontSize),
    radio: radio.getBoundingClientRect().width,
  };
}

describe('<rb-checklist> under a host page with its own root font size', () => {
  test.each([false, true])('keeps its sizes with html{font-size:62.5%} and 30px (kiosk: %s)', async (kiosk) => {
    const element = await checklist(kiosk);
    const own = sizes(element);
    expect(own.heading).toBeGreaterThan(own.question);
    for (const root of ['62.5%', '30px']) {
      document.documentElement.style.fontSize = root;
      expect(sizes(element), `html { font-size: ${root} }`).toEqual(own);
    }
  });
});
