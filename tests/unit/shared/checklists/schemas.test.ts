/** The zod schemas of a question, a form's contents and a submission body. */
import { describe, expect, it } from 'vitest';
import { formContents, questionSchema, submissionBody } from '../../../../src/shared/checklists/schemas.ts';
import { newQuestion, VALUE_TYPES, withValueType, WIDGETS, WIDGETS_BY_VALUE_TYPE } from '../../../../src/shared/checklists/index.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

describe('questionSchema', () => {
  it('takes a new question of every value type, and partial questions written before every field existed', () => {
    for (const type of VALUE_TYPES) expect(issues(questionSchema.safeParse(withValueType(newQuestion(), type))), type).toEqual([]);
    expect(questionSchema.safeParse({}).success).toBe(true);
    expect(questionSchema.safeParse({ title: 'x', form_id: 'f', values: [1] }).data).toEqual({ title: 'x', form_id: 'f', values: [1] });
  });

  it.each(VALUE_TYPES.flatMap((type) => WIDGETS.map((widget) => [type, widget] as const)))('%s with %s', (valueType, widget) => {
    const paired = (WIDGETS_BY_VALUE_TYPE[valueType] as readonly string[]).includes(widget);
    const result = questionSchema.safeParse({ valueType, widget });
    expect(result.success).toBe(paired);
    if (!paired) expect(issues(result)[0]).toMatch(/^widget: a .+ question shows /);
  });

  it.each<[unknown, string]>([
    ['text', ': each of questions must be an object'],
    [{ valueType: 'yes/no' }, 'valueType: valueType must be one of true/false, pass/fail'],
    [{ widget: 'slider' }, 'widget: widget must be one of'],
    [{ widget: 'dropdown' }, 'widget: a true/false question shows radio buttons'],
    [{ title: 5 }, 'title: title must be text'],
    [{ required: 'yes' }, 'required: required must be true or false'],
    [{ photoVerification: 1 }, 'photoVerification: photoVerification must be true or false'],
    [{ choices: 'a,b' }, 'choices: choices must be a list of texts'],
    [{ valueType: 'single choice', choices: ['a', 'a'] }, 'choices: choices must not repeat'],
    [{ valueType: 'single choice', choices: ['a', ' '] }, 'choices.1: a choice must not be empty'],
    [{ validation: 'on' }, 'validation: validation must be an object'],
    [{ valueType: 'text', validation: { enabled: true } }, 'validation.enabled: validation cannot be switched on for text questions'],
    [{ valueType: 'pass/fail', validation: { enabled: true } }, 'validation.enabled: validation cannot be switched on for pass/fail questions'],
    [{ valueType: 'true/false', validation: { value: 'yes' } }, 'validation.value: value must be true or false'],
    [{ valueType: 'pass/fail', validation: { value: 'ok' } }, "validation.value: value must be 'pass' or 'fail'"],
    [{ valueType: 'single choice', validation: { value: true } }, 'validation.value: value must be a choice or null'],
    [{ valueType: 'multiple choice', validation: { values: 'a' } }, 'validation.values: values must be a list of choices'],
    [{ valueType: 'number', validation: { min: '1' } }, 'validation.min: min must be a number or null'],
    [{ valueType: 'datetime', validation: { max: 5 } }, 'validation.max: max must be an ISO 8601 date and time or null'],
    [{ valueType: 'datetime', validation: { min: '2026-01-01' } }, 'validation.min: min must be an ISO 8601 date and time or null'],
    [{ validation: { roles: ['not-an-id'] } }, 'validation.roles.0: roles must hold ids'],
  ])('refuses %j', (question, message) => {
    const result = questionSchema.safeParse(question);
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toContain(message);
  });
});

describe('formContents', () => {
  it('takes sheet_id, questions and their order', () => {
    const q = newQuestion();
    expect(formContents.safeParse({ sheet_id: null, questions: { a: q, b: q }, question_index: ['b', 'a'] }).success).toBe(true);
    expect(formContents.safeParse({ questions: {}, question_index: [] }).success).toBe(true);
  });
  it.each<[unknown, string]>([
    [{ questions: {}, question_index: ['a'] }, 'question_index.0: a is not one of questions'],
    [{ questions: { a: {} }, question_index: ['a', 'a'] }, 'question_index: question_index must not repeat an id'],
    [{ questions: { a: { widget: 'checkboxes' } }, question_index: ['a'] }, 'questions.a.widget: a true/false question shows radio buttons'],
    [{ questions: {}, question_index: [], sheet_id: 'x' }, 'sheet_id: must be a valid id'],
    [{ questions: {}, question_index: [], pages: {} }, 'Unrecognized key'],
    [{ questions: { a: { title: 'a\ud800' } }, question_index: ['a'] }, 'questions.a.title: title must be valid Unicode text'],
  ])('refuses %j', (contents, message) => {
    expect(issues(formContents.safeParse(contents)).join('\n')).toContain(message);
  });
});

describe('submissionBody', () => {
  const id = '0190a0a0-0000-7000-8000-000000000001';
  it('takes {record: {questionId: {value, comments?, media?}}}', () => {
    const body = { record: { q1: { value: true }, q2: { value: 'x', comments: 'c', media: [id] }, q3: { value: null, comments: null, media: null } } };
    expect(submissionBody.safeParse(body).data).toEqual(body);
    expect(submissionBody.safeParse({ record: {} }).success).toBe(true);
  });
  it.each<[unknown, string]>([
    [{}, 'record: Field required'],
    [{ record: [] }, 'record: record must map question ids to answers'],
    [{ record: { q1: true } }, 'record.q1: each answer must be an object {value, comments?, media?}'],
    [{ record: { q1: { comments: 'no value' } } }, 'record.q1.value'],
    [{ record: { q1: { value: 1, comments: 5 } } }, 'record.q1.comments: comments must be text'],
    [{ record: { q1: { value: 1, comments: 'x'.repeat(5001) } } }, 'record.q1.comments: comments must be at most 5000 characters'],
    [{ record: { q1: { value: 1, media: 'm' } } }, 'record.q1.media: media must be a list of upload ids'],
    [{ record: { q1: { value: 1, media: ['m'] } } }, 'record.q1.media.0: must be an upload id'],
    [{ record: { q1: { value: 1, media: [id, id] } } }, 'record.q1.media: media must not repeat an upload'],
    [{ record: { q1: { value: 'a\udc00' } } }, ': must be valid Unicode text'],
  ])('refuses %j', (body, message) => {
    expect(issues(submissionBody.safeParse(body)).join('\n')).toContain(message);
  });
});
