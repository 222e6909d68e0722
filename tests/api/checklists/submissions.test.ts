/**
 * POST documentation/documents/{id}/data: the submission validation matrix (every value type × good and
 * bad values), required answers, photo verification, unknown questions and wrong types, the valid flag,
 * what is stored, the published version (not the draft), who may submit, and the DataSubmitted event.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_CHECKED, type ValueType } from '../../../src/shared/checklists/index.ts';
import { activityEvents, checklistSubmissions } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { submit } from './support.ts';
import { grant, makeChecklist, makeDocument, makeFolder, makeTeam, missingId, Permission, question, revoke, setAcl, type Team, uploadFile } from '../support/factories.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const CHOICES = ['Red', 'Green', 'Blue'];

/**
 * Per value type: values taken (with what is stored, and `valid` when it is not true) and values refused
 * (with the message naming `record.{type}.value`). Validation is off everywhere, so only pass/fail judges.
 */
const MATRIX: [ValueType, [unknown, unknown, boolean?][], [unknown, string][]][] = [
  ['true/false', [[true, true], [false, false]], [['true', 'must be true or false'], [1, 'must be true or false'], [{}, 'must be true or false']]],
  ['pass/fail', [['pass', 'pass'], ['fail', 'fail', false]], [['PASS', "must be 'pass' or 'fail'"], [false, "must be 'pass' or 'fail'"]]],
  ['number', [[42, 42], ['17', 17], [-3, -3]], [[4.5, 'must be a whole number'], ['x', 'must be a whole number'], [true, 'must be a whole number']]],
  ['decimal', [[2.5, 2.5], ['-0.75', -0.75], [3, 3]], [['two', 'must be a number'], [[2], 'must be a number']]],
  ['single choice', [['Green', 'Green']], [['Purple', '"Purple" is not one of the choices'], [['Green'], 'must be one of the choices']]],
  [
    'multiple choice',
    [[['Red', 'Blue'], ['Red', 'Blue']], [['Green'], ['Green']]],
    [['Red', 'must be a list of choices'], [['Red', 'Pink'], '"Pink" is not one of the choices'], [['Red', 'Red'], 'must not repeat a choice']],
  ],
  [
    'datetime',
    [['2026-05-01T08:30:00.000Z', '2026-05-01T08:30:00.000Z'], ['2026-05-01T10:30+02:00', '2026-05-01T10:30+02:00']],
    [['2026-05-01 08:30', 'must be an ISO 8601 date and time with a time zone'], ['2026-05-01T08:30', 'must be an ISO 8601 date and time with a time zone'], [1746088200, 'must be an ISO 8601 date and time with a time zone']],
  ],
  ['text', [['All fine', 'All fine']], [[12, 'must be text'], ['x'.repeat(10_001), 'must be at most 10000 characters']]],
  ['url', [['example.com/page', 'example.com/page'], ['https://example.com', 'https://example.com']], [['not a url', 'Invalid URL'], [5, 'must be text']]],
  ['email', [['someone@example.com', 'someone@example.com']], [['someone@', 'Invalid Email'], [['a@b.co'], 'must be text']]],
  ['duration', [['1h 30m', '1h 30m']], [[90, 'must be text']]],
];

describe('POST documentation/documents/{id}/data — the validation matrix', () => {
  let checklist: { id: string };

  beforeAll(async () => {
    const questions = Object.fromEntries(
      MATRIX.map(([type]) => [type, question(type, { required: false, choices: type.includes('choice') ? CHOICES : [] })]),
    );
    checklist = await makeChecklist(team.admin, questions);
  });

  const PEOPLE_WORDS = new Set(['Invalid Email', 'Invalid URL']);
  for (const [type, good, bad] of MATRIX) {
    it(`${type}: takes ${good.length} good values and stores them converted; refuses ${bad.length} bad ones with 422 naming the field`, async () => {
      for (const [value, stored, valid = true] of good) {
        const res = await submit(team.member, checklist.id, { [type]: { value } });
        expect(res.status, `${JSON.stringify(value)}: ${res.text}`).toBe(201);
        expect(res.body.record[type]).toEqual({ value: stored, comments: '', media: [], valid });
      }
      for (const [value, message] of bad) {
        const res = await submit(team.member, checklist.id, { [type]: { value } });
        expect(res.status, JSON.stringify(value)).toBe(422);
        // The spec's words for a person's answer stand alone; a remark only a program provokes keeps its path.
        expect(res.body.detail).toBe(PEOPLE_WORDS.has(message) ? message : `record.${type}.value: ${message}`);
        expect(res.body.errors).toEqual([{ field: `record.${type}.value`, message }]);
      }
    });
  }

  it('every value type takes the unanswered values of an optional question', async () => {
    for (const empty of [NOT_CHECKED, '', null]) {
      const record = Object.fromEntries(MATRIX.map(([type]) => [type, { value: empty }]));
      const res = await submit(team.member, checklist.id, record);
      expect(res.status, res.text).toBe(201);
      for (const [type] of MATRIX) expect(res.body.record[type]).toMatchObject({ value: empty, valid: true });
    }
    const none = await submit(team.member, checklist.id, {});
    expect(none.status).toBe(201);
    expect(none.body.record).toEqual({});
  });

  it('every refusal in one answer: all the fields at once, nothing stored', async () => {
    const before = await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.documentId, checklist.id));
    const record = Object.fromEntries(MATRIX.map(([type, , bad]) => [type, { value: bad[0]![0] }]));
    const res = await submit(team.member, checklist.id, record);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(MATRIX.map(([type]) => `record.${type}.value`).sort());
    const after = await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.documentId, checklist.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('POST documentation/documents/{id}/data — required answers, photos, comments, unknown questions', () => {
  it('a required question must be answered: missing, not checked, empty text, empty list → 422 naming it', async () => {
    const doc = await makeChecklist(team.admin, {
      done: question('true/false'),
      colours: question('multiple choice', { choices: CHOICES }),
      note: question('text', { required: false }),
    });
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['record.done: an answer is required', 'record.colours: an answer is required']],
      [{ done: { value: NOT_CHECKED }, colours: { value: ['Red'] } }, ['record.done: an answer is required']],
      [{ done: { value: '' }, colours: { value: ['Red'] } }, ['record.done: an answer is required']],
      [{ done: { value: null }, colours: { value: ['Red'] } }, ['record.done: an answer is required']],
      [{ done: { value: false }, colours: { value: [] } }, ['record.colours: an answer is required']],
    ];
    for (const [record, errors] of cases) {
      const res = await submit(team.member, doc.id, record);
      expect(res.status, JSON.stringify(record)).toBe(422);
      expect(res.body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`)).toEqual(errors);
    }
    const ok = await submit(team.member, doc.id, { done: { value: false }, colours: { value: ['Red'] } });
    expect(ok.status, ok.text).toBe(201);
  });

  it('photo verification: at least one completed upload of the submitter for this checklist', async () => {
    const doc = await makeChecklist(team.admin, {
      seal: question('pass/fail', { photoVerification: true }),
      optional: question('text', { required: false, photoVerification: true }),
    });
    const other = await makeChecklist(team.admin, { q: question('true/false') });
    const mine = await uploadFile(server, team.member, doc.id, 'image/jpeg');
    const second = await uploadFile(server, team.member, doc.id, 'image/webp');
    const theirs = await uploadFile(server, team.roleMember, doc.id);
    const elsewhere = await uploadFile(server, team.member, other.id);
    const signedOnly = (
      await team.member.api.post(`documentation/documents/${doc.id}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }])
    ).body[0].upload_id as string;

    const noPhoto = await submit(team.member, doc.id, { seal: { value: 'pass' }, optional: { value: 'x' } });
    expect(noPhoto.status).toBe(422);
    expect(noPhoto.body.errors).toEqual([
      { field: 'record.seal.media', message: 'a photo is required' },
      { field: 'record.optional.media', message: 'a photo is required' },
    ]);
    const emptyList = await submit(team.member, doc.id, { seal: { value: 'pass', media: [] }, optional: { value: '', media: [second] } });
    expect(emptyList.body.detail).toBe('record.seal.media: a photo is required');

    for (const [upload, why] of [
      [theirs, "another user's upload"],
      [elsewhere, "another checklist's upload"],
      [signedOnly, 'an upload never sent'],
      [missingId(), 'no upload at all'],
    ] as const) {
      const res = await submit(team.member, doc.id, { seal: { value: 'pass', media: [mine, upload] }, optional: { value: '', media: [second] } });
      expect(res.status, why).toBe(422);
      expect(res.body.errors, why).toEqual([{ field: 'record.seal.media.1', message: 'is not a completed upload of yours for this checklist' }]);
    }

    const ok = await submit(team.member, doc.id, { seal: { value: 'pass', media: [mine, second] }, optional: { value: NOT_CHECKED, media: [second] } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.record.seal).toEqual({ value: 'pass', comments: '', media: [mine, second], valid: true });
    // A photo may back more than one answer, and more than one submission.
    expect((await submit(team.member, doc.id, { seal: { value: 'fail', media: [mine] }, optional: { value: '', media: [mine] } })).status).toBe(201);
  });

  it('photos on a question without photo verification, comments where none are allowed → 422', async () => {
    const doc = await makeChecklist(team.admin, { plain: question('true/false'), talk: question('true/false', { allowComments: true }) });
    const upload = await uploadFile(server, team.member, doc.id);
    const res = await submit(team.member, doc.id, { plain: { value: true, comments: 'no room', media: [upload] }, talk: { value: true } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'record.plain.media', message: 'photos are only taken for photo-verification questions' },
      { field: 'record.plain.comments', message: 'comments are not allowed on this question' },
    ]);
    const ok = await submit(team.member, doc.id, { plain: { value: true, comments: '' }, talk: { value: false, comments: 'Broken hinge' } });
    expect(ok.status).toBe(201);
    expect(ok.body.record.talk).toEqual({ value: false, comments: 'Broken hinge', media: [], valid: true });
  });

  it('unknown question ids and bodies that break the schema → 422 naming the field; malformed JSON → 400', async () => {
    const doc = await makeChecklist(team.admin, { q1: question('true/false', { required: false }) });
    const cases: [unknown, string][] = [
      [{ record: { nope: { value: true } } }, 'record.nope: is not a question of this checklist'],
      [{ record: { q1: { value: true }, __proto__x: { value: 1 } } }, 'record.__proto__x: is not a question of this checklist'],
      [{}, 'record: Field required'],
      [{ record: [] }, 'record: record must map question ids to answers'],
      [{ record: { q1: true } }, 'record.q1: each answer must be an object {value, comments?, media?}'],
      [{ record: { q1: { comments: '' } } }, 'record.q1.value: Field required'],
      [{ record: { q1: { value: true, media: ['x'] } } }, 'record.q1.media.0: must be an upload id'],
      [{ record: { q1: { value: true, comments: 3 } } }, 'record.q1.comments: comments must be text'],
      [{ record: { q1: { value: 'a\ud800' } } }, 'must be valid Unicode text'],
      [{ record: { q1: { value: 'a\u0000' } } }, 'record.q1.value: must not contain NUL characters'],
      [[], 'expected object'],
    ];
    for (const [body, detail] of cases) {
      const res = await team.member.api.post(`documentation/documents/${doc.id}/data`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail, JSON.stringify(body)).toContain(detail);
    }
    const malformed = await team.member.api.request('POST', `documentation/documents/${doc.id}/data`, {
      body: '{"record": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ detail: 'The request body is not valid JSON' });
  });
});

describe('POST documentation/documents/{id}/data — valid flags, what is stored, which version', () => {
  it('each answer gets valid from its validation settings; validation_errors counts the invalid ones', async () => {
    const on = { enabled: true, roles: [], users: [] };
    const doc = await makeChecklist(team.admin, {
      tf: question('true/false', { validation: { ...on, value: true } }),
      pf: question('pass/fail'),
      sc: question('single choice', { choices: CHOICES, validation: { ...on, value: 'Green' } }),
      mc: question('multiple choice', { choices: CHOICES, validation: { ...on, values: ['Red', 'Blue'] } }),
      n: question('number', { validation: { ...on, min: 0, max: 10 } }),
      d: question('decimal', { validation: { ...on, min: 2, max: 8 } }),
      dt: question('datetime', { validation: { ...on, min: '2026-01-01T00:00:00Z', max: '2026-12-31T23:59:59Z' } }),
      off: question('number', { validation: { enabled: false, min: 0, max: 1, roles: [], users: [] } }),
    });
    const good = {
      tf: { value: true },
      pf: { value: 'pass' },
      sc: { value: 'Green' },
      mc: { value: ['Blue', 'Red'] },
      n: { value: '10' },
      d: { value: 2 },
      dt: { value: '2026-07-01T00:00:00+02:00' },
      off: { value: 99 },
    };
    const allValid = await submit(team.member, doc.id, good);
    expect(allValid.status, allValid.text).toBe(201);
    expect(Object.values(allValid.body.record).map((a) => (a as { valid: boolean }).valid)).toEqual(Array(8).fill(true));
    expect(allValid.body.validation_errors).toBe(0);

    const bad = await submit(team.member, doc.id, {
      tf: { value: false },
      pf: { value: 'fail' },
      sc: { value: 'Red' },
      mc: { value: ['Red'] },
      n: { value: 11 },
      d: { value: '8.5' },
      dt: { value: '2025-12-31T23:00:00-02:00' },
      off: { value: -5 },
    });
    expect(bad.status, bad.text).toBe(201);
    const flags = Object.fromEntries(Object.entries(bad.body.record).map(([id, a]) => [id, (a as { valid: boolean }).valid]));
    // 2025-12-31T23:00-02:00 is 2026-01-01T01:00Z: inside the range.
    expect(flags).toEqual({ tf: false, pf: false, sc: false, mc: false, n: false, d: false, dt: true, off: true });
    expect(bad.body.validation_errors).toBe(6);
    expect(bad.body.record.d.value).toBe(8.5);
  });

  it('is stored with the version, the submitter, the time and the organisation; 201 answers the row', async () => {
    server.clock.freeze(new Date('2026-02-03T04:05:06.000Z'));
    try {
      const doc = await makeChecklist(team.admin, { q: question('true/false') });
      const res = await submit(team.member, doc.id, { q: { value: true } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        document_id: doc.id,
        version: 1,
        created_at: '2026-02-03T04:05:06.000Z',
        created_by_username: team.member.username,
        record: { q: { value: true, comments: '', media: [], valid: true } },
        validation_errors: 0,
      });
      const [row] = await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.id, res.body.id));
      expect(row).toMatchObject({ orgId: team.org.id, documentId: doc.id, version: 1, createdBy: team.member.id });
      expect(row!.createdAt.toISOString()).toBe('2026-02-03T04:05:06.000Z');
    } finally {
      server.clock.reset();
    }
  });

  it("is judged against the latest PUBLISHED version's questions, never the draft", async () => {
    const doc = await makeChecklist(team.admin, { old: question('true/false') });
    const v2 = await team.admin.api.put(`documentation/documents/${doc.id}`, {
      version: 1,
      contents: { questions: { fresh: question('number') }, question_index: ['fresh'] },
    });
    expect(v2.status, v2.text).toBe(200);
    const draft = await team.admin.api.put(`documentation/documents/${doc.id}`, {
      version: 2,
      draft_contents: { questions: { drafted: question('text') }, question_index: ['drafted'] },
    });
    expect(draft.status).toBe(200);

    const old = await submit(team.member, doc.id, { old: { value: true } });
    expect(old.status).toBe(422);
    expect(old.body.detail).toBe('record.old: is not a question of this checklist; record.fresh: an answer is required');
    const drafted = await submit(team.member, doc.id, { fresh: { value: 1 }, drafted: { value: 'x' } });
    expect(drafted.body.detail).toBe('record.drafted: is not a question of this checklist');
    const ok = await submit(team.member, doc.id, { fresh: { value: '3' } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ version: 2, record: { fresh: { value: 3 } } });
  });

  it('questions stored without every field count as optional true/false', async () => {
    const doc = await makeDocument(team.admin, 'root', 'form', 'Legacy', { questions: { a: {}, b: { title: 'B', required: true } }, question_index: ['a', 'b'] });
    expect((await submit(team.member, doc.id, {})).body.detail).toBe('record.b: an answer is required');
    const res = await submit(team.member, doc.id, { a: { value: false }, b: { value: true } });
    expect(res.status).toBe(201);
    expect((await submit(team.member, doc.id, { a: { value: 'yes' }, b: { value: true } })).body.detail).toBe('record.a.value: must be true or false');
  });
});

describe('POST documentation/documents/{id}/data — who may submit', () => {
  it('readers submit (Read is enough); without Read, trashed, missing or malformed ids → 404', async () => {
    const folder = await makeFolder(team.admin);
    const doc = await makeChecklist(team.admin, { q: question('true/false') }, folder.id);
    await setAcl(team.admin, 'documents', doc.id, [grant(team.org.id, Permission.Read), revoke(team.role.id, Permission.Read)]);
    const answer = { q: { value: true } };
    expect((await submit(team.member, doc.id, answer)).status).toBe(201);
    const refused = await submit(team.roleMember, doc.id, answer);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ detail: 'Document not found' });
    expect((await submit(team.member, missingId(), answer)).body).toMatchObject({ detail: 'Document not found' });
    expect((await submit(team.member, 'not-an-id', answer)).body).toMatchObject({ detail: 'Document not found' });
    expect((await team.admin.api.delete(`documentation/folders/${folder.id}`)).status).toBe(204);
    expect((await submit(team.member, doc.id, answer)).status).toBe(404);
    expect((await server.client().post(`documentation/documents/${doc.id}/data`, { record: answer })).status).toBe(401);
  });

  it('only checklists take submissions (400 for presentations, sheets and reports)', async () => {
    for (const doctype of ['presentation', 'sheet', 'report'] as const) {
      const doc = await makeDocument(team.admin, 'root', doctype);
      const res = await submit(team.member, doc.id, {});
      expect(res.status, doctype).toBe(400);
      expect(res.body).toMatchObject({ detail: 'Only checklists take submissions' });
    }
  });
});

describe('POST documentation/documents/{id}/data — the DataSubmitted activity event', () => {
  it('is recorded with the submission: sheet_id, sheet_name, validation_errors (a count), and nothing for a refusal', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Inspections');
    const doc = await makeChecklist(team.admin, { pf: question('pass/fail'), tf: question('true/false') }, folder.id, 'Daily round');
    const res = await submit(team.member, doc.id, { pf: { value: 'fail' }, tf: { value: true } });
    expect(res.status).toBe(201);
    expect((await submit(team.member, doc.id, { pf: { value: 'nope' } })).status).toBe(422);
    const events = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DataSubmitted'), eq(activityEvents.documentId, doc.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ orgId: team.org.id, actorId: team.member.id, folderId: folder.id, documentId: doc.id });
    expect(events[0]!.at.toISOString()).toBe(res.body.created_at);
    expect(events[0]!.context).toEqual({
      sheet_id: doc.id,
      sheet_name: 'Daily round',
      validation_errors: 1,
      submission_id: res.body.id,
      version: 1,
      folder_id: folder.id,
      folder_name: 'Inspections',
    });
  });
});
