/**
 * Columns titled alike are told apart by their checklist's name (issue #32), in the grid, the CSV and the
 * report's cards; and the CSV's photos column, one app address per photo.
 */
import { describe, expect, it } from 'vitest';
import { newQuestion, withValueType, type Question, type ValueType } from '../../../../src/shared/checklists/index.ts';
import { columnTitles, sheetColumns } from '../../../../src/shared/sheets/cells.ts';
import type { SheetContents, SheetQuestion } from '../../../../src/shared/sheets/model.ts';

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
