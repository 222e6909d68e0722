/**
 * zod schemas of checklists: a question, a form's contents (`sheet_id`, `questions`, `question_index`)
 * and the submission body `{ record: { questionId: { value, comments?, media? } } }`. Kept apart from
 * the pure rules and limits (index.ts) so that the light filler and the editor use them without loading zod.
 *
 * Questions are checked field by field as far as they go: a field that is present must have its type,
 * the widget must pair with the value type, validation settings must fit the type. Fields may be
 * missing (contents written before every field existed read with defaults, see `readQuestion`), and
 * fields of other kinds (a sheet's `form_id`, question media) pass through untouched.
 */
import { z } from 'zod';
import { entryRecord, idIndex, indexRefersTo, isWellFormed, NOT_WELL_FORMED, storable, unlessMissing } from '../api/contents.ts';
import { isDatetimeAnswer, MAX_ANSWER_MEDIA, MAX_COMMENTS_LENGTH } from './answers.ts';
import { MAX_CHOICE_LENGTH, MAX_CHOICES, MAX_QUESTION_DESCRIPTION_LENGTH, MAX_QUESTIONS, MAX_TITLE_LENGTH } from './question.ts';
import { CONDITION_OPS, conditionProblem } from './conditions.ts';
import { readQuestion } from './question.ts';
import { allowsValidation, allowsWidget, VALUE_TYPES, WIDGETS, widgetsOf, type ValueType } from './value-types.ts';

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .max(max, `${what} must be at most ${max} characters`)
    .refine(isWellFormed, `${what} ${NOT_WELL_FORMED}`);
const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });
const subjectIds = (what: string) =>
  z.array(z.uuid({ error: `${what} must hold ids` }), { error: `${what} must be a list of ids` }).max(1000, `at most 1000 ${what}`);
const optionalText = (what: string) => z.string({ error: `${what} must be text or null` }).max(1000).nullable();

const validationSchema = z.looseObject(
  {
    enabled: flag('enabled').optional(),
    value: z.union([z.boolean(), z.string().max(MAX_CHOICE_LENGTH), z.null()], { error: 'value must be true, false, text or null' }).optional(),
    values: z.array(z.string({ error: 'values must be choices' }), { error: 'values must be a list of choices' }).max(MAX_CHOICES).optional(),
    min: z.union([z.number(), z.string(), z.null()], { error: 'min must be a number, a date and time, or null' }).optional(),
    max: z.union([z.number(), z.string(), z.null()], { error: 'max must be a number, a date and time, or null' }).optional(),
    roles: subjectIds('roles').optional(),
    users: subjectIds('users').optional(),
  },
  { error: 'validation must be an object' },
);
type ValidationInput = z.output<typeof validationSchema>;

/** Which validation fields a value type uses, and what each must hold (beyond what `validationSchema` checks). */
function validationIssues(type: ValueType, v: ValidationInput): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.enabled === true && !allowsValidation(type)) issues.push({ path: 'enabled', message: `validation cannot be switched on for ${type} questions` });
  const bound = (key: 'min' | 'max', fits: (b: unknown) => boolean, what: string) => {
    if (v[key] !== undefined && v[key] !== null && !fits(v[key])) issues.push({ path: key, message: `${key} must be ${what} or null` });
  };
  switch (type) {
    case 'true/false':
      if (v.value !== undefined && typeof v.value !== 'boolean') issues.push({ path: 'value', message: 'value must be true or false' });
      break;
    case 'pass/fail':
      if (v.value !== undefined && v.value !== 'pass' && v.value !== 'fail') issues.push({ path: 'value', message: "value must be 'pass' or 'fail'" });
      break;
    case 'single choice':
      if (v.value !== undefined && v.value !== null && typeof v.value !== 'string') issues.push({ path: 'value', message: 'value must be a choice or null' });
      break;
    case 'number':
    case 'decimal':
      bound('min', (b) => typeof b === 'number' && Number.isFinite(b), 'a number');
      bound('max', (b) => typeof b === 'number' && Number.isFinite(b), 'a number');
      break;
    case 'datetime':
      bound('min', (b) => typeof b === 'string' && isDatetimeAnswer(b), 'an ISO 8601 date and time');
      bound('max', (b) => typeof b === 'string' && isDatetimeAnswer(b), 'an ISO 8601 date and time');
      break;
    default:
      break;
  }
  return issues;
}

export const questionSchema = z
  .looseObject(
    {
      title: text('title', MAX_TITLE_LENGTH).optional(),
      description: text('description', MAX_QUESTION_DESCRIPTION_LENGTH).optional(),
      valueType: z.enum(VALUE_TYPES, { error: `valueType must be one of ${VALUE_TYPES.join(', ')}` }).optional(),
      widget: z.enum(WIDGETS, { error: `widget must be one of ${WIDGETS.join(', ')}` }).optional(),
      choices: z
        .array(text('each choice', MAX_CHOICE_LENGTH).refine((c) => c.trim() !== '', 'a choice must not be empty'), {
          error: 'choices must be a list of texts',
        })
        .max(MAX_CHOICES, `at most ${MAX_CHOICES} choices`)
        .refine((choices) => new Set(choices).size === choices.length, 'choices must not repeat')
        .optional(),
      required: flag('required').optional(),
      allowComments: flag('allowComments').optional(),
      photoVerification: flag('photoVerification').optional(),
      validation: validationSchema.optional(),
      media: optionalText('media').optional(),
      media_thumb: optionalText('media_thumb').optional(),
      content_type: optionalText('content_type').optional(),
      filename: optionalText('filename').optional(),
      show_if: z
        .strictObject(
          {
            question: z.string({ error: unlessMissing('question must be a question id') }).min(1, 'question must be a question id').max(200),
            op: z.enum(CONDITION_OPS, { error: unlessMissing(`op must be one of ${CONDITION_OPS.join(', ')}`) }),
            value: z.unknown().optional(),
          },
          { error: 'show_if must be an object {question, op, value} or null' },
        )
        .nullable()
        .optional(),
    },
    { error: 'each of questions must be an object' },
  )
  .superRefine((q, ctx) => {
    const type = q.valueType ?? 'true/false';
    if (q.widget !== undefined && !allowsWidget(type, q.widget)) {
      ctx.addIssue({ code: 'custom', path: ['widget'], message: `a ${type} question shows ${widgetsOf(type).join(' or ')}` });
    }
    if (q.validation) {
      for (const issue of validationIssues(type, q.validation)) {
        ctx.addIssue({ code: 'custom', path: ['validation', issue.path], message: issue.message });
      }
    }
  });

/**
 * Every `show_if` of published contents can be judged (issue #33): its question exists and comes
 * earlier in `question_index`, its operator suits that question's type, its value fits. 422 naming
 * `questions.{id}.show_if.{question|op|value}`. Drafts skip this: a question deleted or retyped under a
 * condition leaves the draft savable, and the editor flags the condition until it is mended.
 */
function conditionsRefer(contents: { questions: Record<string, unknown>; question_index: string[] }, ctx: z.RefinementCtx): void {
  const order = contents.question_index;
  const targetOf = (id: string) => (Object.hasOwn(contents.questions, id) ? readQuestion(contents.questions[id]) : undefined);
  order.forEach((id, position) => {
    const raw = Object.hasOwn(contents.questions, id) ? (contents.questions[id] as { show_if?: unknown }) : undefined;
    const condition = raw?.show_if as { question: string; op: (typeof CONDITION_OPS)[number]; value?: unknown } | null | undefined;
    if (!condition) return;
    const problem = conditionProblem(condition, position, order, targetOf);
    if (problem) ctx.addIssue({ code: 'custom', path: ['questions', id, 'show_if', problem.field], message: problem.message });
  });
}

/** Form contents as a draft may hold them: every field checked, conditions by shape only. */
export const formDraftContents = z
  .strictObject({
    sheet_id: z.uuid({ error: 'must be a valid id' }).nullable().optional(),
    questions: entryRecord('questions', questionSchema).refine(
      (questions) => Object.keys(questions).length <= MAX_QUESTIONS,
      `a checklist holds at most ${MAX_QUESTIONS} questions`,
    ),
    question_index: idIndex('question_index'),
  })
  .superRefine(indexRefersTo('questions', 'question_index'))
  .superRefine(storable);

/** Published form contents: the draft's checks, and every condition must refer to an earlier question it suits. */
export const formContents = formDraftContents.superRefine(conditionsRefer);

// ─── Submissions ──────────────────────────────────────────────────────────────────────────────────

export const answerInput = z.object(
  {
    /** Any JSON value here: whether it fits the question is judged against the published question. */
    value: z.unknown(),
    comments: z
      .string({ error: 'comments must be text' })
      .max(MAX_COMMENTS_LENGTH, `comments must be at most ${MAX_COMMENTS_LENGTH} characters`)
      .nullable()
      .optional(),
    media: z
      .array(z.uuid({ error: 'must be an upload id' }), { error: 'media must be a list of upload ids' })
      .max(MAX_ANSWER_MEDIA, `at most ${MAX_ANSWER_MEDIA} photos`)
      .refine((ids) => new Set(ids).size === ids.length, 'media must not repeat an upload')
      .nullable()
      .optional(),
  },
  { error: 'each answer must be an object {value, comments?, media?}' },
);
export type AnswerInput = z.output<typeof answerInput>;

/** POST documentation/documents/{id}/data. */
const submissionRecord = z
  .record(z.string().min(1, 'question ids must not be empty').max(200, 'question ids must be at most 200 characters'), answerInput, {
    error: unlessMissing('record must map question ids to answers'),
  })
  .refine((record) => Object.keys(record).length <= MAX_QUESTIONS, `a record holds at most ${MAX_QUESTIONS} answers`);

export const submissionBody = z.object({ record: submissionRecord }).superRefine(storable);

/**
 * A share link's (a kiosk station's) submission: it may say when it was made (`made_at`), so that one made
 * offline counts for the occurrence whose window held then (issue #44). Its bounds are judged by the server.
 */
export const sharedSubmissionBody = z
  .object({
    record: submissionRecord,
    made_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).optional(),
  })
  .superRefine(storable);
