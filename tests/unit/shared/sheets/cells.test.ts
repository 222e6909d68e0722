/** A result sheet's CSV: each answer's cell, the column titles and their order, the cells of a row (issue #13 "Export CSV"). */
import { describe, expect, it } from 'vitest';
import { newQuestion, NOT_CHECKED, withValueType, type Question, type RecordedAnswer, type ValueType } from '../../../../src/shared/checklists/index.ts';
import type { SheetRow } from '../../../../src/shared/api/sheets.ts';
import { answerCell, columnTitle, columnTitles, isJudged, sheetColumns, utcDateTime } from '../../../../src/shared/sheets/cells.ts';
import type { SheetContents, SheetQuestion } from '../../../../src/shared/sheets/model.ts';

const now = new Date('2026-06-01T12:00:00.000Z');
const question = (valueType: ValueType, changes: Partial<Question> = {}): SheetQuestion => ({
  ...withValueType(newQuestion(now), valueType, now),
  form_id: 'form-a',
  ...changes,
});
const validated = (valueType: ValueType, changes: Partial<Question> = {}): SheetQuestion => {
  const q = question(valueType, changes);
  return { ...q, validation: { ...q.validation, enabled: true } };
};
const contents = (questions: [string, SheetQuestion][]): SheetContents => ({
  questions: Object.fromEntries(questions),
  question_index: questions.map(([id]) => id),
  form_links: {},
  form_ids: ['form-a'],
});
const answer = (value: unknown, changes: Partial<RecordedAnswer> = {}): RecordedAnswer => ({ value, comments: '', media: [], valid: true, ...changes });
const row = (record: Record<string, RecordedAnswer>, changes: Partial<SheetRow> = {}): SheetRow => ({
  created_at: '2026-06-01T12:00:00.000Z',
  created_by_username: 'alice',
  record,
  submissions: {},
  ...changes,
});

describe('answerCell', () => {
  it.each([[undefined], [null], [''], [NOT_CHECKED], [[]]])('%j (no answer) is an empty cell', (value) => {
    expect(answerCell('text', value)).toBe('');
    expect(answerCell('true/false', value)).toBe('');
    expect(answerCell('multiple choice', value)).toBe('');
  });

  it.each([[0], [42], [-3.5], [1e21]])('the finite number %j stays a number', (value) => {
    expect(answerCell('number', value)).toBe(value);
    expect(answerCell('decimal', value)).toBe(value);
  });

  it('a negative number is not treated as a formula (it stays a number)', () => {
    expect(answerCell('number', -1)).toBe(-1);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])('%j is an empty cell', (value) => {
    expect(answerCell('number', value)).toBe('');
  });

  it('true/false answers read by their labels', () => {
    expect(answerCell('true/false', true)).toBe('True');
    expect(answerCell('true/false', false)).toBe('False');
  });

  it('pass/fail answers read by their labels', () => {
    expect(answerCell('pass/fail', 'pass')).toBe('Pass');
    expect(answerCell('pass/fail', 'fail')).toBe('Fail');
  });

  it('a pass/fail value that is not an option stays as text', () => {
    expect(answerCell('pass/fail', 'maybe')).toBe('maybe');
  });

  it("'pass' of another value type is not relabelled", () => {
    expect(answerCell('text', 'pass')).toBe('pass');
  });

  it('a boolean of another value type still reads True or False', () => {
    expect(answerCell('text', true)).toBe('True');
    expect(answerCell('text', false)).toBe('False');
  });

  it("lists are joined with ', '", () => {
    expect(answerCell('multiple choice', ['Red', 'Green', 'Blue'])).toBe('Red, Green, Blue');
    expect(answerCell('multiple choice', ['Red'])).toBe('Red');
  });

  it('non-text list items are written as JSON', () => {
    expect(answerCell('multiple choice', ['Red', 2, true, null])).toBe('Red, 2, true, null');
    expect(answerCell('multiple choice', [{ a: 1 }])).toBe('{"a":1}');
  });

  it('a list starting like a formula gets a leading apostrophe', () => {
    expect(answerCell('multiple choice', ['=SUM(A1)', 'Red'])).toBe("'=SUM(A1), Red");
    expect(answerCell('multiple choice', ['Red', '=SUM(A1)'])).toBe('Red, =SUM(A1)');
  });

  it('plain text stays as it is', () => {
    expect(answerCell('text', 'hello')).toBe('hello');
    expect(answerCell('single choice', 'Red')).toBe('Red');
    expect(answerCell('text', 'a=b')).toBe('a=b');
    expect(answerCell('text', ' =1')).toBe(' =1');
  });

  it('a datetime answer is YYYY-MM-DD HH:MM:SS in UTC (a spreadsheet reads it as a date-time); other text in a datetime column stays text', () => {
    expect(answerCell('datetime', '2026-06-01T12:00:00.000Z')).toBe('2026-06-01 12:00:00');
    expect(answerCell('datetime', '2026-11-29T11:02:59.999+01:00')).toBe('2026-11-29 10:02:59');
    expect(answerCell('datetime', 'soon')).toBe('soon');
    expect(answerCell('datetime', '=NOW()')).toBe("'=NOW()");
  });

  it.each([['=1+1'], ['+1'], ['-1'], ['@SUM(A1)'], ['\tx'], ['\rx'], ["=HYPERLINK(\"http://x\")"]])('text %j that would run as a formula gets a leading apostrophe', (value) => {
    expect(answerCell('text', value)).toBe(`'${value}`);
  });

  it('text starting with a newline is not escaped (only tab and CR)', () => {
    expect(answerCell('text', '\nx')).toBe('\nx');
  });

  it('other objects are written as JSON', () => {
    expect(answerCell('text', { a: 1, b: 'x' })).toBe('{"a":1,"b":"x"}');
    expect(answerCell('duration', { hours: 1 })).toBe('{"hours":1}');
  });

  it('the JSON of an object starts with { and needs no apostrophe', () => {
    expect(answerCell('text', { '=': 1 })).toBe('{"=":1}');
  });
});

describe('utcDateTime', () => {
  it('writes an instant as YYYY-MM-DD HH:MM:SS in UTC, seconds cut', () => {
    expect(utcDateTime('2026-06-01T12:00:00.000Z')).toBe('2026-06-01 12:00:00');
    expect(utcDateTime('2026-06-01T00:30:00.999-02:30')).toBe('2026-06-01 03:00:00');
    expect(utcDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe('2026-01-02 03:04:05');
  });

  it('is undefined for what is not a date-time with a zone', () => {
    for (const value of ['', 'soon', '2026-06-01', '2026-06-01T12:00', '2026-02-30T12:00:00Z x']) expect(utcDateTime(value), value).toBeUndefined();
    expect(utcDateTime(new Date(Number.NaN))).toBeUndefined();
  });
});

describe('columnTitle', () => {
  it("is the question's title, trimmed", () => {
    expect(columnTitle({ title: 'Temperature' }, 1)).toBe('Temperature');
    expect(columnTitle({ title: '  Temperature  ' }, 4)).toBe('Temperature');
  });

  it("is 'Question n' for a blank title (n its place)", () => {
    expect(columnTitle({ title: '' }, 1)).toBe('Question 1');
    expect(columnTitle({ title: '   ' }, 7)).toBe('Question 7');
  });
});

describe('isJudged', () => {
  it('pass/fail is always judged', () => {
    expect(isJudged(question('pass/fail'))).toBe(true);
    expect(isJudged({ valueType: 'pass/fail', validation: { enabled: false, roles: [], users: [] } })).toBe(true);
  });

  it.each([['true/false'], ['single choice'], ['multiple choice'], ['number'], ['decimal'], ['datetime'], ['text']] as [ValueType][])('%s is judged only with validation switched on', (valueType) => {
    expect(isJudged(question(valueType))).toBe(false);
    expect(isJudged(validated(valueType))).toBe(true);
  });
});

describe('sheetColumns', () => {
  const sample = contents([
    ['q-temp', question('number', { title: 'Temperature' })],
    ['q-ok', question('pass/fail', { title: 'Check', allowComments: true })],
    ['q-untitled', question('text', { title: '' })],
    ['q-colour', validated('single choice', { title: 'Colour', choices: ['Red', 'Green'] })],
    ['q-notes', question('text', { title: 'Notes', allowComments: true })],
  ]);

  it('titles: Datetime, Submitted By, then each question with its (valid) and (comments) columns when they apply', () => {
    expect(sheetColumns(sample).map((c) => c.title)).toEqual([
      'Datetime',
      'Submitted By',
      'Temperature',
      'Check',
      'Check (valid)',
      'Check (comments)',
      'Question 3',
      'Colour',
      'Colour (valid)',
      'Notes',
      'Notes (comments)',
    ]);
  });

  it('follows question_index, not the order of questions', () => {
    const reordered = { ...sample, question_index: ['q-notes', 'q-temp'] };
    expect(sheetColumns(reordered).map((c) => c.title)).toEqual(['Datetime', 'Submitted By', 'Notes', 'Notes (comments)', 'Temperature']);
  });

  it("numbers untitled questions by their place in question_index ('Question n')", () => {
    const untitled = contents([
      ['a', question('text', { title: 'A' })],
      ['b', question('text', { title: '' })],
      ['c', question('text', { title: '  ' })],
    ]);
    expect(sheetColumns(untitled).map((c) => c.title)).toEqual(['Datetime', 'Submitted By', 'A', 'Question 2', 'Question 3']);
  });

  it('only the two fixed columns for a sheet without questions', () => {
    expect(sheetColumns(contents([])).map((c) => c.title)).toEqual(['Datetime', 'Submitted By']);
  });

  it('reads questions with their defaults (a stored question missing fields is true/false, not judged, no comments)', () => {
    const bare = { title: 'Bare', form_id: 'form-a' } as unknown as SheetQuestion;
    const columns = sheetColumns(contents([['q-bare', bare]]));
    expect(columns.map((c) => c.title)).toEqual(['Datetime', 'Submitted By', 'Bare']);
    expect(columns[2]!.cell(row({ 'q-bare': answer(true) }))).toBe('True');
  });

  it('the cells of a row', () => {
    const r = row({
      'q-temp': answer(21.5),
      'q-ok': answer('fail', { valid: false, comments: 'Door left open' }),
      'q-colour': answer('Red', { valid: true }),
      'q-notes': answer('=cmd|calc', { comments: '@evil' }),
    });
    expect(sheetColumns(sample).map((c) => c.cell(r))).toEqual([
      '2026-06-01 12:00:00',
      'alice',
      21.5,
      'Fail',
      'FALSE',
      'Door left open',
      '',
      'Red',
      'TRUE',
      "'=cmd|calc",
      "'@evil",
    ]);
  });

  it('an unanswered question gives empty cells, its valid flag included', () => {
    const r = row({}, { created_by_username: null });
    expect(sheetColumns(sample).map((c) => c.cell(r))).toEqual(['2026-06-01 12:00:00', '', '', '', '', '', '', '', '', '', '']);
  });

  it('an answer without a value still gives its valid flag and comments', () => {
    const r = row({ 'q-ok': answer(NOT_CHECKED, { valid: true, comments: 'skipped' }) });
    const cells = Object.fromEntries(sheetColumns(sample).map((c) => [c.title, c.cell(r)]));
    expect(cells).toMatchObject({ Check: '', 'Check (valid)': 'TRUE', 'Check (comments)': 'skipped' });
  });

  it('a Submitted By name that looks like a formula gets a leading apostrophe', () => {
    const [, submittedBy] = sheetColumns(sample);
    expect(submittedBy!.cell(row({}, { created_by_username: '=evil' }))).toBe("'=evil");
    expect(submittedBy!.cell(row({}, { created_by_username: 'bob' }))).toBe('bob');
  });
});

// Columns titled alike are told apart by their checklist's name (issue #32), in the grid, the CSV and the
// report's cards; and the CSV's photos column, one app address per photo.
describe('columns titled alike, and the photos column', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const q = (title: string, form: string, valueType: ValueType = 'text', changes: Partial<Question> = {}): SheetQuestion => ({
    ...withValueType({ ...newQuestion(now), title }, valueType, now),
    form_id: form,
    ...changes,
  });
  const contents = (questions: [string, SheetQuestion][]): SheetContents => ({
    questions: Object.fromEntries(questions),
    question_index: questions.map(([id]) => id),
    form_links: {},
    form_ids: [...new Set(questions.map(([, question]) => question.form_id))],
  });
  const names = new Map([
    ['pump', 'Pump check'],
    ['valve', 'Valve check'],
  ]);

  describe('columnTitles', () => {
    it("adds the checklist's name to each title two checklists share, and only to those", () => {
      const sheet = contents([
        ['a', q('Serial number', 'pump')],
        ['b', q('Pressure', 'pump')],
        ['c', q(' Serial number ', 'valve')],
      ]);
      expect(columnTitles(sheet, names)).toEqual(['Serial number (Pump check)', 'Pressure', 'Serial number (Valve check)']);
    });

    it('leaves the titles as they are without names, or when one checklist asks the same twice', () => {
      const sheet = contents([
        ['a', q('Serial number', 'pump')],
        ['c', q('Serial number', 'valve')],
      ]);
      expect(columnTitles(sheet)).toEqual(['Serial number', 'Serial number']);
      expect(columnTitles(contents([['a', q('Note', 'pump')], ['b', q('Note', 'pump')]]), names)).toEqual(['Note', 'Note']);
    });

    it("numbers untitled questions as before ('Question n')", () => {
      expect(columnTitles(contents([['a', q('', 'pump')], ['b', q('', 'valve')]]), names)).toEqual(['Question 1', 'Question 2']);
    });
  });

  describe('sheetColumns with names and photo addresses', () => {
    const sheet = contents([
      ['a', q('Serial number', 'pump')],
      ['p', q('Photo', 'pump', 'true/false', { photoVerification: true })],
      ['c', q('Serial number', 'valve')],
    ]);
    const columns = sheetColumns(sheet, { formNames: names, mediaAddress: (form, upload) => `https://rb.test/documentation/media/${form}/${upload}` });

    it("names the shared titles' columns by checklist and adds a photos column", () => {
      expect(columns.map((c) => c.title)).toEqual([
        'Datetime',
        'Submitted By',
        'Serial number (Pump check)',
        'Photo',
        'Photo (photos)',
        'Serial number (Valve check)',
      ]);
    });

    it('writes one address per photo, space-separated; none for no photo', () => {
      const photos = columns.find((c) => c.title === 'Photo (photos)')!;
      const row = (media: string[]) => ({
        created_at: '2026-06-01T12:00:00.000Z',
        created_by_username: 'alice',
        record: { p: { value: true, comments: '', media, valid: true } },
        submissions: {},
      });
      expect(photos.cell(row(['u1', 'u2']))).toBe('https://rb.test/documentation/media/pump/u1 https://rb.test/documentation/media/pump/u2');
      expect(photos.cell(row([]))).toBe('');
    });

    it('has no photos column without an address maker (as before)', () => {
      expect(sheetColumns(sheet).map((c) => c.title)).not.toContain('Photo (photos)');
    });
  });
});
