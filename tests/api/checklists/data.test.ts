/**
 * GET documentation/documents/{id}/data (form_id, start_time, end_time, skip, limit) → {results, total},
 * newest first; GET documentation/documents/documentdata/{id} → one row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESULTS_LIMIT, MAX_RESULTS_PAGE } from '../../../src/shared/constants.ts';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { checklistSubmissions } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { submit } from './support.ts';
import { makeChecklist, makeDocument, makeTeam, missingId, Permission, question, revoke, setAcl, type Team } from '../support/factories.ts';

const server = useTestServer();
let team: Team;
let checklist: { id: string };
/** Rows submitted at 10:00, 11:00, …, 15:00 on one day; `at[i]` their times, oldest first. */
const at: Date[] = Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(2026, 3, 1, 10 + i)));
const ids: string[] = [];

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, { n: question('number') });
  try {
    for (const [i, moment] of at.entries()) {
      server.clock.freeze(moment);
      const res = await submit(i % 2 === 0 ? team.member : team.roleMember, checklist.id, { n: { value: i } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  } finally {
    server.clock.reset();
  }
});

const seconds = (d: Date) => d.getTime() / 1000;
const data = (query = '', user = team.member, documentId = checklist.id) => user.api.get(`documentation/documents/${documentId}/data${query}`);
const values = (results: { record: { n: { value: number } } }[]) => results.map((r) => r.record.n.value);

describe('GET documentation/documents/{id}/data', () => {
  it('answers every row newest first with the total, each with its submitter', async () => {
    const res = await data();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(values(res.body.results)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(res.body.results[0]).toEqual({
      id: ids[5],
      document_id: checklist.id,
      version: 1,
      created_at: at[5]!.toISOString(),
      created_by_username: team.roleMember.username,
      record: { n: { value: 5, comments: '', media: [], valid: true } },
      validation_errors: 0,
    });
    expect(res.body.results[1].created_by_username).toBe(team.member.username);
  });

  it('filters start_time <= created_at < end_time (epoch seconds); total counts the window', async () => {
    const cases: [string, number[]][] = [
      [`?start_time=${seconds(at[2]!)}`, [5, 4, 3, 2]],
      [`?end_time=${seconds(at[2]!)}`, [1, 0]],
      [`?start_time=${seconds(at[1]!)}&end_time=${seconds(at[4]!)}`, [3, 2, 1]],
      [`?start_time=${seconds(at[1]!) + 0.5}&end_time=${seconds(at[4]!) + 0.001}`, [4, 3, 2]],
      [`?start_time=${seconds(at[5]!) + 1}`, []],
      [`?start_time=0&end_time=253402300799`, [5, 4, 3, 2, 1, 0]],
    ];
    for (const [query, expected] of cases) {
      const res = await data(query);
      expect(res.status, query).toBe(200);
      expect(values(res.body.results), query).toEqual(expected);
      expect(res.body.total, query).toBe(expected.length);
    }
  });

  it('pages with skip and limit; the total stays the whole count', async () => {
    const first = await data('?limit=2');
    const second = await data('?limit=2&skip=2');
    const last = await data('?limit=2&skip=5');
    const beyond = await data('?skip=100');
    expect([values(first.body.results), values(second.body.results), values(last.body.results), values(beyond.body.results)]).toEqual([
      [5, 4],
      [3, 2],
      [0],
      [],
    ]);
    expect([first.body.total, second.body.total, last.body.total, beyond.body.total]).toEqual([6, 6, 6, 6]);
    const windowed = await data(`?start_time=${seconds(at[1]!)}&limit=2&skip=1`);
    expect(values(windowed.body.results)).toEqual([4, 3]);
    expect(windowed.body.total).toBe(5);
  });

  it(`caps the default limit (${DEFAULT_RESULTS_LIMIT}) at ${MAX_RESULTS_PAGE} rows a page`, async () => {
    const doc = await makeChecklist(team.admin, { n: question('number') });
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: MAX_RESULTS_PAGE + 5 }, (_, i) => ({
      id: uuidv7(base + i * 1000),
      orgId: team.org.id,
      documentId: doc.id,
      version: 1,
      record: { n: { value: i, comments: '', media: [], valid: true } },
      createdBy: team.member.id,
      createdAt: new Date(base + i * 1000),
    }));
    await server.db.insert(checklistSubmissions).values(rows);
    const all = await data('', team.member, doc.id);
    expect(all.body.results).toHaveLength(MAX_RESULTS_PAGE);
    expect(all.body.total).toBe(MAX_RESULTS_PAGE + 5);
    expect(all.body.results[0].record.n.value).toBe(MAX_RESULTS_PAGE + 4);
    const huge = await data(`?limit=${DEFAULT_RESULTS_LIMIT}&skip=${MAX_RESULTS_PAGE}`, team.member, doc.id);
    expect(values(huge.body.results)).toEqual([4, 3, 2, 1, 0]);
  });

  it('refuses bad queries with 422 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['?start_time=yesterday', 'start_time: start_time must be a number of seconds since 1970'],
      ['?end_time=-1', 'end_time: end_time must not be negative'],
      ['?end_time=1e20', 'end_time: end_time must be at most 253402300799'],
      ['?skip=-1', 'skip: skip must not be negative'],
      ['?skip=1.5', 'skip: skip must be a whole number'],
      ['?limit=0', 'limit: limit must be at least 1'],
      ['?limit=ten', 'limit: limit must be a number'],
      ['?form_id=nope', 'form_id: must be a valid id'],
    ];
    for (const [query, detail] of cases) {
      const res = await data(query);
      expect(res.status, query).toBe(422);
      expect(res.body.detail, query).toBe(detail);
    }
  });

  it("form_id: a checklist's own id or nothing; a result sheet or report names one of its checklists", async () => {
    expect((await data(`?form_id=${checklist.id}`)).body.total).toBe(6);
    const other = await makeChecklist(team.admin, { q: question('true/false') });
    const wrong = await data(`?form_id=${other.id}`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toBe("form_id: must be this checklist's id, or left out");

    const another = await makeChecklist(team.admin, { q: question('true/false') });
    for (const doctype of ['sheet', 'report'] as const) {
      const sheet = await makeDocument(team.admin, 'root', doctype, undefined, {
        questions: {},
        question_index: [],
        form_links: {},
        form_ids: [checklist.id, another.id],
      });
      const rows = await data(`?form_id=${checklist.id}&limit=1`, team.member, sheet.id);
      expect(rows.status, rows.text).toBe(200);
      expect(values(rows.body.results)).toEqual([5]);
      expect(rows.body.total).toBe(6);
      expect((await data('', team.member, sheet.id)).body.detail).toBe('form_id: Field required');
      expect((await data(`?form_id=${other.id}`, team.member, sheet.id)).body.detail).toBe(`form_id: is not one of this ${doctype}'s checklists`);
    }
    const slides = await makeDocument(team.admin, 'root', 'presentation');
    const none = await data('', team.member, slides.id);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ detail: 'A presentation has no data' });
  });

  it("a sheet's rows need Read on the checklist too", async () => {
    const closed = await makeChecklist(team.admin, { q: question('true/false') });
    await setAcl(team.admin, 'documents', closed.id, [revoke(team.org.id, Permission.Read)]);
    const sheet = await makeDocument(team.admin, 'root', 'sheet', undefined, { questions: {}, question_index: [], form_links: {}, form_ids: [closed.id] });
    const res = await data(`?form_id=${closed.id}`, team.member, sheet.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'Document not found' });
    expect((await data(`?form_id=${closed.id}`, team.admin, sheet.id)).status).toBe(200);
  });

  it('needs Read: 404 without it, 401 signed out', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    expect((await submit(team.admin, doc.id, { q: { value: true } })).status).toBe(201);
    await setAcl(team.admin, 'documents', doc.id, [revoke(team.role.id, Permission.Read)]);
    expect((await data('', team.member, doc.id)).body.total).toBe(1);
    const refused = await data('', team.roleMember, doc.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ detail: 'Document not found' });
    expect((await server.client().get(`documentation/documents/${doc.id}/data`)).status).toBe(401);
  });
});

describe('GET documentation/documents/documentdata/{id}', () => {
  it('answers one row', async () => {
    const res = await team.member.api.get(`documentation/documents/documentdata/${ids[2]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await data()).body.results[3]);
  });

  it('404 alike for missing, malformed and unreadable rows', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const row = await submit(team.admin, doc.id, { q: { value: true } });
    await setAcl(team.admin, 'documents', doc.id, [revoke(team.role.id, Permission.Read)]);
    expect((await team.member.api.get(`documentation/documents/documentdata/${row.body.id}`)).status).toBe(200);
    for (const id of [row.body.id, missingId(), 'nope']) {
      const res = await team.roleMember.api.get(`documentation/documents/documentdata/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Submission not found' });
    }
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);
    expect((await team.member.api.get(`documentation/documents/documentdata/${row.body.id}`)).body).toMatchObject({ detail: 'Submission not found' });
  });
});
