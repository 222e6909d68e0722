/**
 * Issue #43 item 18: a required question says so once, one way everywhere — the word ('Required', or
 * 'Required, with a photo'), never a red asterisk beside it as well.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { newQuestion, withValueType } from '../../src/shared/checklists/index.ts';
import '../../elements/rb-checklist/rb-checklist.ts';

afterEach(() => document.body.replaceChildren());

describe('<rb-checklist> required questions', () => {
  test('say "Required" once, with no asterisk', async () => {
    const element = document.createElement('rb-checklist');
    document.body.append(element);
    element.form = {
      id: 'd1',
      name: 'Ladder check',
      description: '',
      version: 1,
      contents: {
        questions: {
          a: { ...withValueType({ ...newQuestion(), title: 'Rungs sound', required: true }, 'true/false') },
          b: { ...withValueType({ ...newQuestion(), title: 'Anything else', required: false }, 'text') },
        },
        question_index: ['a', 'b'],
      },
    } as unknown as HTMLElementTagNameMap['rb-checklist']['form'];
    await element.updateComplete;
    const [rungs, other] = [...element.shadowRoot!.querySelectorAll('fieldset.question, .question')] as HTMLElement[];
    expect(rungs!.textContent).not.toContain('*');
    expect(rungs!.textContent!.match(/Required/g)).toHaveLength(1);
    expect(other!.textContent).not.toContain('Required');
  });
});
