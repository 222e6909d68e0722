/**
 * One question of the filler (documentation §4 "Form fill"): its title, picture, description and hint,
 * its widget (question-fields.ts), the problem with its answer, comments where allowed and photos where
 * photo verification asks for them. Lit templates only, like question-fields.ts: the element owns the
 * answers, the photos and the pictures' addresses, and hands each question what it shows and what to call.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { hasValue, isValid, normaliseValue, valueProblem } from '../../src/shared/checklists/answers.ts';
import type { Question } from '../../src/shared/checklists/question.ts';
import type { AnswerDraft, OrderedQuestion } from './answer-state.ts';
import { fieldOf } from './question-fields.ts';

export const PICTURE_MISSING = 'Picture not available';

/** A photo taken for an answer, kept in memory until it is sent (its preview is an object URL). */
export interface LocalPhoto {
  id: number;
  blob: Blob;
  name: string;
  type: string;
  url: string;
}

export interface QuestionView {
  question: OrderedQuestion;
  /** The question's place in the checklist: ids derive from it, and 'Question {n}' names an untitled one. */
  index: number;
  answer: AnswerDraft | undefined;
  /** The picture's signed address; null when the server gave none, undefined while it is asked for. */
  picture: string | null | undefined;
  photos: readonly LocalPhoto[];
  /** Photos being added to this question (compressed): its photo button waits. */
  addingPhotos: boolean;
  disabled: boolean;
  change: (value: unknown) => void;
  changeComments: (comments: string) => void;
  scan: () => void;
  addPhotos: (input: HTMLInputElement) => void;
  removePhoto: (photo: LocalPhoto) => void;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The question's fieldset; ids are `q{index}-…`, so the element can find a question's field (`q{index}-input`). */
export function questionView(view: QuestionView): TemplateResult {
  const { question } = view.question;
  const key = `q${view.index}`;
  const value = view.answer?.value;
  const problem = hasValue(value) ? valueProblem(question, normaliseValue(question.valueType, value)) : undefined;
  const outside = problem ? undefined : rangeNote(question, value);
  const hintId = `${key}-hint`;
  const problemId = `${key}-problem`;
  const describedBy = [question.description ? `${key}-description` : '', question.required || question.photoVerification ? hintId : '', problem || outside ? problemId : '']
    .filter(Boolean)
    .join(' ');
  const title = question.title || `Question ${view.index + 1}`;
  return html`<fieldset class="question" part="question" aria-describedby=${describedBy || nothing}>
    <legend id=${`${key}-title`}>${title}</legend>
    ${pictureOf(question, view.picture, title)}
    ${question.description ? html`<p class="description" id=${`${key}-description`}>${question.description}</p>` : nothing}
    ${question.required || question.photoVerification ? html`<p class="hint" id=${hintId}>${hintOf(question)}</p>` : nothing}
    ${fieldOf({ key, question, value, titleId: `${key}-title`, describedBy, disabled: view.disabled, change: view.change, scan: view.scan })}
    ${problem ? html`<p class="problem" id=${problemId}>${capitalised(problem)}</p>` : nothing}
    ${outside ? html`<p class="problem outside" id=${problemId}>${outside}</p>` : nothing}
    ${question.allowComments ? comments(key, view) : nothing}
    ${question.photoVerification ? photos(key, view) : nothing}
  </fieldset>`;
}

/**
 * What a number or decimal outside its validation range tells the filler (issue #43): 'Outside the expected
 * range: 1 to 5' ('at least 1', 'at most 5' with one bound). The answer may still be sent: the row marks it
 * not valid (§5). Undefined when validation is off, nothing is answered, or the value is within range.
 */
export function rangeNote(question: Pick<Question, 'valueType' | 'validation'>, value: unknown): string | undefined {
  if (question.valueType !== 'number' && question.valueType !== 'decimal') return undefined;
  if (!question.validation.enabled || !hasValue(value) || isValid(question, value)) return undefined;
  const bound = (b: unknown) => (b === null || b === undefined || b === '' ? undefined : String(b));
  const [min, max] = [bound(question.validation.min), bound(question.validation.max)];
  const range = min && max ? `${min} to ${max}` : min ? `at least ${min}` : max ? `at most ${max}` : undefined;
  return range ? `Outside the expected range: ${range}` : undefined;
}

/** The question's own picture (documentation §3 question media), fitted to the width; a file of another kind as a link. */
function pictureOf(question: Question, url: string | null | undefined, title: string): TemplateResult | typeof nothing {
  if (!question.media || url === undefined) return nothing; // none, or still being asked for
  if (url === null) return html`<p class="picture-missing">${PICTURE_MISSING}</p>`;
  if (question.content_type && !question.content_type.startsWith('image/')) {
    return html`<p class="picture"><a href=${url} target="_blank" rel="noopener">${question.filename || `File of ${title}`}</a></p>`;
  }
  // Loaded at once, not lazily: the signed address lasts minutes (MEDIA_URL_SECONDS), filling in may take longer.
  return html`<figure class="picture"><img src=${url} alt=${`Picture of ${title}`} decoding="async" /></figure>`;
}

function hintOf(question: Question): string {
  if (question.required && question.photoVerification) return 'Required, with a photo';
  return question.required ? 'Required' : 'A photo is required';
}

function comments(key: string, view: QuestionView): TemplateResult {
  return html`<div class="comments">
    <label for=${`${key}-comments`}>Comments</label>
    <textarea
      id=${`${key}-comments`}
      rows="2"
      maxlength="5000"
      .value=${view.answer?.comments ?? ''}
      ?disabled=${view.disabled}
      @input=${(event: Event) => view.changeComments((event.target as HTMLTextAreaElement).value)}
    ></textarea>
  </div>`;
}

function photos(key: string, view: QuestionView): TemplateResult {
  return html`<div class="photos">
    ${view.photos.length > 0
      ? html`<ul class="photo-list">
          ${view.photos.map(
            (photo, i) =>
              html`<li>
                <img src=${photo.url} alt=${`Photo ${i + 1}`} />
                <button type="button" class="remove-photo" ?disabled=${view.disabled} @click=${() => view.removePhoto(photo)}>Remove photo ${i + 1}</button>
              </li>`,
          )}
        </ul>`
      : nothing}
    <label class="file-button">
      <input
        type="file"
        id=${`${key}-photo`}
        accept="image/*"
        capture="environment"
        ?disabled=${view.disabled}
        aria-busy=${view.addingPhotos ? 'true' : nothing}
        @change=${(event: Event) => view.addPhotos(event.target as HTMLInputElement)}
      />
      <span>${view.addingPhotos ? 'Adding photo…' : 'Add photo'}</span>
    </label>
  </div>`;
}
