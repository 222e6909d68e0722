/**
 * <rb-checklist> alone in Chromium (vitest's `elements` project) with a checklist of conditional
 * questions (issue #33): a question appears and disappears as the answer it depends on changes, the
 * focus stays on the answer that changed, and the live region says what appeared or disappeared.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-checklist/rb-checklist.ts';
import type { RbChecklist } from '../../elements/rb-checklist/rb-checklist.element.ts';
import type { SubmissionStore } from '../../elements/rb-checklist/submission-queue.ts';
import { shadowOf } from './support/mount.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

/** No IndexedDB: nothing waits on this device. */
const emptyStore: SubmissionStore = { all: async () => [], get: async () => undefined, put: async () => {}, delete: async () => {} };

const form = {
  id: 'doc-1',
  name: 'Door round',
  contents: {
    questions: {
      locked: { title: 'Door locked?', valueType: 'true/false', widget: 'radio buttons', required: true },
      why: { title: 'Why not?', valueType: 'text', widget: 'text', required: true, show_if: { question: 'locked', op: 'equals', value: false } },
      who: { title: 'Reported to', valueType: 'text', widget: 'text', required: true, show_if: { question: 'why', op: 'answered' } },
    },
    question_index: ['locked', 'why', 'who'],
  },
};

async function mounted(): Promise<RbChecklist> {
  const element = document.createElement('rb-checklist') as RbChecklist;
  element.store = emptyStore;
  element.form = form;
  document.body.append(element);
  await element.updateComplete;
  return element;
}

const slot = (element: RbChecklist, id: string) => shadowOf(element).querySelector<HTMLElement>(`.question-slot[data-question-id="${id}"]`)!;
const live = (element: RbChecklist) => shadowOf(element).querySelector('[part="visibility-status"]')!;

describe('<rb-checklist> with conditional questions', () => {
  test('questions appear and disappear with the answer, the focus stays, the live region says so', async () => {
    const element = await mounted();
    await expect.poll(() => slot(element, 'locked')?.hidden).toBe(false);
    expect(slot(element, 'why').hidden).toBe(true);
    expect(slot(element, 'who').hidden).toBe(true);
    expect(live(element).getAttribute('aria-live')).toBe('polite');

    const radios = slot(element, 'locked').querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const no = [...radios].find((r) => r.value === 'false' || r.labels?.[0]?.textContent?.includes('False'))!;
    await userEvent.click(no);
    await element.updateComplete;
    expect(slot(element, 'why').hidden).toBe(false);
    expect(shadowOf(element).activeElement).toBe(no);
    expect(live(element).textContent).toBe('Question shown: Why not?.');

    const reason = slot(element, 'why').querySelector<HTMLInputElement>('input[type="text"], textarea')!;
    reason.focus();
    await userEvent.keyboard('Key');
    await element.updateComplete;
    expect(slot(element, 'who').hidden).toBe(false);
    expect(shadowOf(element).activeElement).toBe(reason);
    expect(reason.value).toBe('Key');
    expect(live(element).textContent).toBe('Question shown: Reported to.');

    const yes = [...radios].find((r) => r !== no)!;
    await userEvent.click(yes);
    await element.updateComplete;
    expect(slot(element, 'why').hidden).toBe(true);
    expect(slot(element, 'who').hidden).toBe(true);
    expect(shadowOf(element).activeElement).toBe(yes);
    expect(live(element).textContent).toBe('2 questions hidden: Why not?, Reported to.');
    // The hidden required questions do not hold Submit back.
    const submit = [...shadowOf(element).querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Submit')!;
    expect(submit.getAttribute('aria-disabled')).toBeNull();
  });
});
