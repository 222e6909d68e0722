/**
 * The answers a person gave on the server's drawing of a checklist before the element's module ran
 * (issue #43, kiosks: a radio checked or a field typed in while the code was still loading). Hydration
 * takes the server's nodes over and sets their `.checked` and `.value` to the element's state, so the
 * element reads them here first, once, just before (./server-drawing.ts), and keeps them over the draft
 * kept on this device (they are the newer).
 * Multiple choice shown as toggles is left out: a toggle does nothing before the module runs.
 */
import { NOT_CHECKED } from '../../src/shared/checklists/answers.ts';
import type { Question } from '../../src/shared/checklists/question.ts';
import { withValue, type Answers, type OrderedQuestion } from './answer-state.ts';
import { optionsOf } from './question-fields.ts';

/** `answers` with every question whose control holds an answer set to it. */
export function answersOnControls(root: ParentNode, questions: readonly OrderedQuestion[], answers: Answers): Answers {
  return questions.reduce((next, { id, question }, index) => {
    const value = controlValue(root, `q${index}`, question);
    return value === undefined ? next : withValue(next, id, value);
  }, answers);
}

/** What the question's control holds, or undefined when it holds nothing (or the question has no control here). */
function controlValue(root: ParentNode, key: string, question: Question): unknown {
  switch (question.widget) {
    case 'radio buttons': {
      if (question.valueType === 'multiple choice') return undefined;
      const checked = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${key}"]`)].findIndex((radio) => radio.checked);
      return checked >= 0 ? optionsOf(question)[checked]?.value : undefined;
    }
    case 'dropdown': {
      const select = root.querySelector<HTMLSelectElement>(`#${key}-input`);
      return select && select.selectedIndex > 0 ? optionsOf(question)[select.selectedIndex - 1]?.value : undefined;
    }
    case 'checkboxes': {
      const boxes = [...(root.querySelector(`#${key}-title`)?.closest('fieldset')?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
      const chosen = question.choices.filter((_, i) => boxes[i]?.checked);
      return chosen.length > 0 ? chosen : undefined;
    }
    case 'datetime':
      return typed(root, key, (local) => {
        const at = new Date(local);
        return Number.isFinite(at.getTime()) ? at.toISOString() : local;
      });
    default:
      return typed(root, key, (text) => text);
  }
}

/** A field's text, as the element's own listener would take it; undefined when empty. */
function typed(root: ParentNode, key: string, toValue: (text: string) => unknown): unknown {
  const text = root.querySelector<HTMLInputElement>(`#${key}-input`)?.value ?? '';
  return text === '' || text === NOT_CHECKED ? undefined : toValue(text);
}
