/**
 * Conditional questions (issue #33) through the API: the `show_if` validation matrix on publish (422
 * naming the field), drafts that keep a broken condition, and submissions with hidden and shown
 * questions — a hidden question is never required, an answer sent for it is dropped (not refused, not
 * stored), and the result sheet's CSV leaves its cell empty.
 */
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistSubmissions } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { makeChecklist, makeDocument, makeTeam, question, type Team } from '../support/factories.ts';
import { makeSheet, sheetOver } from '../sheets/support.ts';
import { submit } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

/** Door locked? (true/false) → Why not? (text, shown when locked is False) → Reported to (text, shown when Why not? is answered). */
const chain = () => ({
  locked: question('true/false', { title: 'Door locked?' }),
  why: question('text', { title: 'Why not?', show_if: { question: 'locked', op: 'equals', value: false } }),
  who: question('text', { title: 'Reported to', show_if: { question: 'why', op: 'answered' } }),
  temp: question('decimal', { title: 'Temperature', required: false }),
  hot: question('text', { title: 'Cooling switched on?', show_if: { question: 'temp', op: 'gt', value: 8 } }),
  parts: question('multiple choice', { title: 'Parts', required: false, choices: ['Lid', 'Base'] }),
  lid: question('text', { title: 'Lid state', show_if: { question: 'parts', op: 'includes', value: 'Lid' } }),
});

describe('show_if on publish: the validation matrix', () => {
  const base = () => ({
    flag: question('true/false', { title: 'Flag' }),
    count: question('number', { title: 'Count' }),
    colour: question('single choice', { title: 'Colour', choices: ['Red', 'Blue'] }),
    parts: question('multiple choice', { title: 'Parts', choices: ['Lid', 'Base'] }),
    when: question('datetime', { title: 'When' }),
    note: question('text', { title: 'Note' }),
    last: question('text', { title: 'Last' }),
  });
  /** [case, show_if of `note`, the field named, its message] (`note` sits after every other question but `last`). */
  const REFUSED: [string, unknown, string, string][] = [
    ['unknown question', { question: 'gone', op: 'answered' }, 'question', 'gone is not a question of this checklist'],
    ['forward reference', { question: 'last', op: 'answered' }, 'question', 'must be an earlier question'],
    ['itself', { question: 'note', op: 'answered' }, 'question', 'must be an earlier question'],
    ['lt on true/false', { question: 'flag', op: 'lt', value: true }, 'op', 'must be one of equals, not_equals, answered, unanswered for a true/false question'],
    ['equals on number', { question: 'count', op: 'equals', value: 3 }, 'op', 'must be one of lt, lte, gt, gte, answered, unanswered for a number question'],
    ['includes on single choice', { question: 'colour', op: 'includes', value: 'Red' }, 'op', 'must be one of equals, not_equals, answered, unanswered for a single choice question'],
    ['equals on multiple choice', { question: 'parts', op: 'equals', value: 'Lid' }, 'op', 'must be one of includes, answered, unanswered for a multiple choice question'],
    ['text for true/false', { question: 'flag', op: 'equals', value: 'false' }, 'value', 'must be true or false'],
    ['a fraction for number', { question: 'count', op: 'gt', value: 2.5 }, 'value', 'must be a whole number'],
    ['not a choice', { question: 'colour', op: 'equals', value: 'Green' }, 'value', 'must be one of the choices of the question it depends on'],
    ['a list for includes', { question: 'parts', op: 'includes', value: ['Lid'] }, 'value', 'must be one of the choices of the question it depends on'],
    ['a date without a zone', { question: 'when', op: 'lt', value: '2026-01-01T10:00' }, 'value', 'must be an ISO 8601 date and time with a time zone'],
    ['a value on answered', { question: 'flag', op: 'answered', value: true }, 'value', 'answered takes no value'],
    ['an unknown operator', { question: 'flag', op: 'near' }, 'op', 'op must be one of equals, not_equals, includes, lt, lte, gt, gte, answered, unanswered'],
    ['no question', { op: 'answered' }, 'question', 'Field required'],
    ['an extra key', { question: 'flag', op: 'answered', and: 'x' }, '', 'show_if must be an object {question, op, value} or null'],
  ];

  it.each(REFUSED)('%s → 422 naming questions.note.show_if', async (_case, showIf, field, message) => {
    const questions = { ...base(), note: question('text', { title: 'Note', show_if: showIf as never }) };
    const res = await team.admin.api.post('documentation/documents', {
      folder_id: 'root',
      name: `Matrix ${_case}`,
      doctype: 'form',
      contents: { questions, question_index: Object.keys(questions) },
    });
    expect(res.status, res.text).toBe(422);
    const named = field ? `contents.questions.note.show_if.${field}` : 'contents.questions.note.show_if';
    expect(res.body.errors).toContainEqual({ field: named, message });
  });

  it('takes a condition of every operator a type offers, and show_if null', async () => {
    const questions = {
      ...base(),
      a: question('text', { show_if: { question: 'flag', op: 'not_equals', value: true } }),
      b: question('text', { show_if: { question: 'count', op: 'lte', value: 3 } }),
      c: question('text', { show_if: { question: 'colour', op: 'equals', value: 'Blue' } }),
      d: question('text', { show_if: { question: 'parts', op: 'includes', value: 'Base' } }),
      e: question('text', { show_if: { question: 'when', op: 'gte', value: '2026-01-01T10:00:00+02:00' } }),
      f: question('text', { show_if: { question: 'note', op: 'unanswered' } }),
      g: question('text', { show_if: { question: 'f', op: 'equals', value: 'x' } }),
      h: question('text', { show_if: null }),
    };
    const doc = await makeChecklist(team.admin, questions);
    expect(doc.contents.questions.g.show_if).toEqual({ question: 'f', op: 'equals', value: 'x' });
  });

  it('a draft keeps a condition whose question was deleted or retyped; publishing it is refused', async () => {
    const doc = await makeChecklist(team.admin, chain());
    const { locked: _gone, ...rest } = chain();
    const deleted = { questions: rest, question_index: Object.keys(rest) };
    const draft = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: deleted });
    expect(draft.status, draft.text).toBe(200);
    const publish = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: deleted });
    expect(publish.status).toBe(422);
    expect(publish.body.errors).toContainEqual({ field: 'contents.questions.why.show_if.question', message: 'locked is not a question of this checklist' });

    const retyped = { ...chain(), locked: question('number', { title: 'Door locked?' }) };
    const again = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: { questions: retyped, question_index: Object.keys(retyped) } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toContainEqual({
      field: 'contents.questions.why.show_if.op',
      message: 'must be one of lt, lte, gt, gte, answered, unanswered for a number question',
    });
    // Moving the condition's question below it is a forward reference.
    const moved = chain();
    const order = ['why', 'locked', 'who', 'temp', 'hot', 'parts', 'lid'];
    const reordered = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: { questions: moved, question_index: order } });
    expect(reordered.status).toBe(422);
    expect(reordered.body.errors).toContainEqual({ field: 'contents.questions.why.show_if.question', message: 'must be an earlier question' });
  });
});

describe('submissions with hidden and shown questions', () => {
  let checklist: { id: string };
  beforeAll(async () => {
    checklist = await makeChecklist(team.admin, chain());
  });
  const stored = async (id: string) => (await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.id, id)))[0]!.record as Record<string, unknown>;

  it('a hidden required question may be left out', async () => {
    const res = await submit(team.member, checklist.id, { locked: { value: true } });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body.record)).toEqual(['locked']);
  });

  it('an answer sent for a hidden question is dropped, even one that would be refused: neither validated nor stored', async () => {
    const res = await submit(team.member, checklist.id, {
      locked: { value: true },
      why: { value: 42, comments: 'not allowed here' },
      who: { value: 'Sam' },
      temp: { value: 5 },
      hot: { value: 'yes' },
      lid: { value: ['x'] },
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body.record).sort()).toEqual(['locked', 'temp']);
    expect(Object.keys(await stored(res.body.id)).sort()).toEqual(['locked', 'temp']);
    expect(res.body.validation_errors).toBe(0);
  });

  it('a shown question is required and judged as always, down the chain', async () => {
    const missing = await submit(team.member, checklist.id, { locked: { value: false } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: 'record.why', message: 'an answer is required' }]);

    const second = await submit(team.member, checklist.id, { locked: { value: false }, why: { value: 'Key lost' } });
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual([{ field: 'record.who', message: 'an answer is required' }]);

    const bad = await submit(team.member, checklist.id, { locked: { value: false }, why: { value: 42 }, who: { value: 'Sam' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'record.why.value', message: 'must be text' }]);

    const ok = await submit(team.member, checklist.id, {
      locked: { value: false },
      why: { value: 'Key lost' },
      who: { value: 'Sam' },
      temp: { value: '9.5' },
      hot: { value: 'yes' },
      parts: { value: ['Lid'] },
      lid: { value: 'cracked' },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(Object.keys(await stored(ok.body.id)).sort()).toEqual(['hot', 'lid', 'locked', 'parts', 'temp', 'who', 'why']);
  });

  it('an unanswered condition question hides what depends on it; an unknown question is still refused', async () => {
    const res = await submit(team.member, checklist.id, { locked: { value: 'not checked' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'record.locked', message: 'an answer is required' }]);
    const unknown = await submit(team.member, checklist.id, { locked: { value: true }, nope: { value: 1 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: 'record.nope', message: 'is not a question of this checklist' }]);
  });

  it('the result sheet and its CSV leave a hidden answer empty', async () => {
    const questions = chain();
    const doc = await makeDocument(team.admin, 'root', 'form', 'Door round', { questions, question_index: Object.keys(questions) });
    const sheet = await makeSheet(team.admin, sheetOver([{ id: doc.id, name: 'Door round', questions }]), 'sheet', 'Door rounds');
    const res = await submit(team.member, doc.id, { locked: { value: true }, why: { value: 'should vanish' }, temp: { value: 3 } });
    expect(res.status, res.text).toBe(201);
    const data = await team.member.api.get(`documentation/documents/${sheet.id}/sheet-data`);
    expect(data.status, data.text).toBe(200);
    expect(JSON.stringify(data.body)).not.toContain('should vanish');
    const exported = await team.member.api.get(`documentation/documents/${sheet.id}/export.csv`);
    expect(exported.status, exported.text).toBe(200);
    const table: string[][] = parse(exported.text, { bom: true });
    const why = table[0]!.indexOf('Why not?');
    expect(why).toBeGreaterThan(-1);
    expect(table[1]![why]).toBe('');
    expect(table[1]![table[0]!.indexOf('Door locked?')]).toBe('True');
    expect(exported.text).not.toContain('should vanish');
  });
});
