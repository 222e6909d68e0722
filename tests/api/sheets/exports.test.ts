/**
 * Exports (issue #13): GET documentation/documents/{id}/export.csv (the sheet's rows, parsed back with a
 * CSV parser, equal what sheet-data answers) and GET documentation/documents/documentdata/{row}/export.pdf
 * (opened with pdf.js: the checklist's name, who, every question and answer, comments, valid flags, a
 * photo's thumbnail). Both with the permission checks of the data they show.
 */
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';
import { orgWithAdmin, Permission, question, revoke, setAcl, makeChecklist, type Team, makeTeam } from '../support/factories.ts';
import { postUpload, signOne } from '../support/uploads.ts';
import { checklistOf, hour, makeSheet, seconds, sheetOver, submitAt, type Checklist } from './support.ts';

const server = useTestServer();
let team: Team;
let register: Checklist;
let inspection: Checklist;
let sheet: { id: string };

beforeAll(async () => {
  team = await makeTeam(server);
  register = await checklistOf(team.admin, 'Asset register', { reg_tag: ['text', 'Asset tag'], reg_count: ['decimal', 'Count'] });
  inspection = await checklistOf(team.admin, 'Weekly inspection', {
    insp_tag: ['text', 'Asset tag'],
    insp_result: ['pass/fail', 'Result'],
    insp_parts: ['multiple choice', 'Parts'],
  });
  // multiple choice needs choices
  const contents = {
    questions: { ...inspection.questions, insp_parts: question('multiple choice', { title: 'Parts', required: false, choices: ['Lid', 'Base'] }) },
    question_index: Object.keys(inspection.questions),
  };
  const res = await team.admin.api.put(`documentation/documents/${inspection.id}`, { version: 1, contents });
  expect(res.status, res.text).toBe(200);
  inspection.questions = contents.questions;
  sheet = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }), 'sheet', 'Assets: 2026/Q2');
  await submitAt(server, team.member, register.id, hour(1), { reg_tag: '=X', reg_count: 12.5 });
  await submitAt(server, team.member, register.id, hour(2), { reg_tag: 'Y, "quoted"', reg_count: 3 });
  await submitAt(server, team.roleMember, inspection.id, hour(3), { insp_tag: '=X', insp_result: 'fail', insp_parts: ['Lid', 'Base'] });
});

/**
 * GET export.csv. Once more when the kept-alive connection was reset: the server closes an idle one after
 * its keep-alive timeout, and a slow step before (5,000 rows inserted on a loaded machine) can meet that
 * close — the same retry as the benches' (tests/bench/search.ts).
 */
const csv = (query = '', user = team.member, id = sheet.id) => {
  const get = () => user.api.get(`documentation/documents/${id}/export.csv${query}`);
  return get().catch((err: { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'ECONNRESET') throw err;
    return get();
  });
};
const rows = (text: string): string[][] => parse(text, { bom: true });
/** A date-time as the CSV writes it (issue #28): UTC, `YYYY-MM-DD HH:MM:SS`, which spreadsheets read as a date-time. */
const cellTime = (at: Date | string) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

describe('GET documentation/documents/{id}/export.csv', () => {
  it('answers a header row and one line per row, equal to sheet-data (numbers as numbers, lists joined, valid flags)', async () => {
    const res = await csv();
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Assets_ 2026_Q2.csv"; filename*=UTF-8''Assets_%202026_Q2.csv`);
    const table = rows(res.text);
    expect(table[0]).toEqual([
      'Datetime',
      'Submitted By',
      // The same title from two checklists, told apart by the checklist's name (issue #32).
      'Asset tag (Asset register)',
      'Asset tag (Asset register) (comments)',
      'Count',
      'Asset tag (Weekly inspection)',
      'Asset tag (Weekly inspection) (comments)',
      'Result',
      'Result (valid)',
      'Parts',
    ]);
    expect(table.slice(1)).toEqual([
      [cellTime(hour(3)), team.roleMember.username, "'=X", '', '12.5', "'=X", '', 'Fail', 'FALSE', 'Lid, Base'],
      [cellTime(hour(2)), team.member.username, 'Y, "quoted"', '', '3', '', '', '', '', ''],
    ]);
    // Numbers are written bare (a spreadsheet reads them as numbers), text quoted when it must be.
    expect(res.text).toContain(',12.5,');
    const data = await team.member.api.get(`documentation/documents/${sheet.id}/sheet-data`);
    expect(data.body.results.map((r: { created_at: string }) => cellTime(r.created_at))).toEqual(table.slice(1).map((r) => r[0]));
  });

  it('takes the same window', async () => {
    const res = await csv(`?start_time=${seconds(hour(3))}`);
    expect(rows(res.text)).toHaveLength(2);
    const none = await csv(`?end_time=${seconds(hour(0))}`);
    expect(rows(none.text)).toHaveLength(1);
    expect((await csv('?start_time=soon')).status).toBe(422);
  });

  it("leaves out a checklist's columns for a reader who cannot Read it (issue #28); 404 for other organisations", async () => {
    const closedSheet = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }));
    await setAcl(team.admin, 'documents', inspection.id, [revoke(team.role.id, Permission.Read)]);
    const table = rows((await csv('', team.roleMember, closedSheet.id)).text);
    // Its title is no longer shared, and the hidden checklist's name is not shown (issue #32).
    expect(table[0]).toEqual(['Datetime', 'Submitted By', 'Asset tag', 'Asset tag (comments)', 'Count']);
    // The row's author is its newest submission of a readable checklist: the register's, not the inspection's.
    expect(table[1]).toEqual([cellTime(hour(3)), team.member.username, "'=X", '', '12.5']);
    await setAcl(team.admin, 'documents', inspection.id, []);
    const other = await orgWithAdmin(server);
    const foreign = await csv('', other.admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ detail: 'Document not found' });
  });

  it("links each photo of an answer by the app's lasting address (issue #32), in a '{title} (photos)' column", async () => {
    const door = await makeChecklist(
      team.admin,
      { d_photo: question('text', { title: 'Photo of the door', photoVerification: true, required: false }) },
      'root',
      'Door photos',
    );
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const uploads = [];
    for (const name of ['a.png', 'b.png']) {
      const signed = await signOne(team.member, door.id, { filename: name, file_size: bytes.byteLength, content_type: 'image/png' });
      expect((await postUpload(server, signed, new Uint8Array(bytes))).status).toBe(204);
      uploads.push(signed.upload_id);
    }
    const submitted = await team.member.api.post(`documentation/documents/${door.id}/data`, { record: { d_photo: { value: 'Door A', media: uploads } } });
    expect(submitted.status, submitted.text).toBe(201);
    const photoSheet = await makeSheet(team.admin, {
      questions: { d_photo: { ...question('text', { title: 'Photo of the door', photoVerification: true, required: false }), form_id: door.id } },
      question_index: ['d_photo'],
      form_links: { d_photo: null },
      form_ids: [door.id],
    });
    const table = rows((await csv('', team.member, photoSheet.id)).text);
    expect(table[0]).toEqual(['Datetime', 'Submitted By', 'Photo of the door', 'Photo of the door (photos)']);
    expect(table[1]![3]).toBe(uploads.map((id) => `${PUBLIC_URL}/documentation/media/${door.id}/${id}`).join(' '));
  });

  it('streams many rows', async () => {
    const big = await makeChecklist(team.admin, { big_n: question('number', { required: false }) }, 'root', 'Counter');
    const many = await makeSheet(team.admin, {
      questions: { big_n: { ...question('number', { required: false }), form_id: big.id } },
      question_index: ['big_n'],
      form_links: {},
      form_ids: [big.id],
    });
    const { checklistSubmissions } = await import('../../../src/server/db/schema.ts');
    const { uuidv7 } = await import('../../../src/shared/ids.ts');
    const values = Array.from({ length: 5000 }, (_, i) => ({
      id: uuidv7(Date.UTC(2026, 0, 1) + i * 1000),
      orgId: team.org.id,
      documentId: big.id,
      version: 1,
      record: { big_n: { value: i, comments: '', media: [], valid: true } },
      createdBy: team.admin.id,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
    }));
    for (let i = 0; i < values.length; i += 1000) await server.db.insert(checklistSubmissions).values(values.slice(i, i + 1000));
    const table = rows((await csv('', team.member, many.id)).text);
    expect(table).toHaveLength(5001);
    expect(table[1]![2]).toBe('4999');
    expect(table[5000]![2]).toBe('0');
  });
});

describe('GET documentation/documents/documentdata/{id}/export.pdf', () => {
  async function pdfText(bytes: Uint8Array): Promise<{ text: string; images: number }> {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
    let text = '';
    let images = 0;
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
      const ops = await page.getOperatorList();
      images += ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
    }
    return { text, images };
  }

  it('holds the checklist name, who, every question, answer, comment, valid flag and the photo as a thumbnail', async () => {
    const checklist = await makeChecklist(
      team.admin,
      {
        p_ok: question('pass/fail', { title: 'Lights work', allowComments: true }),
        p_photo: question('text', { title: 'Photo of the door', photoVerification: true, required: false }),
      },
      'root',
      'Door check',
    );
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const signed = await signOne(team.member, checklist.id, { filename: 'door.png', file_size: picture.byteLength, content_type: 'image/png' });
    expect((await postUpload(server, signed, new Uint8Array(picture))).status).toBe(204);
    const submitted = await team.member.api.post(`documentation/documents/${checklist.id}/data`, {
      record: { p_ok: { value: 'fail', comments: 'Bulb out in hall' }, p_photo: { value: 'Door A', media: [signed.upload_id] } },
    });
    expect(submitted.status, submitted.text).toBe(201);

    const res = await fetch(team.member.api.url(`documentation/documents/documentdata/${submitted.body.id}/export.pdf`), {
      headers: { authorization: `Bearer ${team.member.api.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Door check \d{4}-\d{2}-\d{2}\.pdf"/);
    const { text, images } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const words of ['Door check', team.member.username, 'Lights work', 'Fail', 'Bulb out in hall', 'Invalid', 'Photo of the door', 'Door A', 'Valid']) {
      expect(text).toContain(words);
    }
    expect(images).toBe(1);

    // Read on the row's checklist, as for the row itself.
    await setAcl(team.admin, 'documents', checklist.id, [revoke(team.role.id, Permission.Read)]);
    const refused = await team.roleMember.api.get(`documentation/documents/documentdata/${submitted.body.id}/export.pdf`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ detail: 'Submission not found' });
    const other = await orgWithAdmin(server);
    expect((await other.admin.api.get(`documentation/documents/documentdata/${submitted.body.id}/export.pdf`)).status).toBe(404);
  });
});
