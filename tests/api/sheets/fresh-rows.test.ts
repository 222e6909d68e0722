/**
 * A sheet's rows are built once and kept up to date on read (docs/result-sheets.md "Materialised rows"):
 * what is submitted after a read is in the next read (a root, a child, a child that moves its row's time
 * into the window), a republished sheet with other links gives the new join, a purged checklist's rows
 * go, reads while submitting stay right, and no organisation sees another's rows.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { makeTeam, type Team } from '../support/factories.ts';
import { checklistOf, hour, makeSheet, seconds, sheetOver, submitAt, type Checklist } from './support.ts';

const server = useTestServer();
let team: Team;
let register: Checklist;
let inspection: Checklist;

beforeAll(async () => {
  team = await makeTeam(server);
  register = await checklistOf(team.admin, 'Asset register', { reg_tag: ['text', 'Asset tag'], reg_loc: ['text', 'Location'] });
  inspection = await checklistOf(team.admin, 'Weekly inspection', { insp_tag: ['text', 'Asset tag'], insp_result: ['pass/fail', 'Result'] });
});

const data = async (id: string, query = '', user = team.member) => {
  const res = await user.api.get(`documentation/documents/${id}/sheet-data${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { results: { created_at: string; record: Record<string, { value: unknown }> }[]; total: number };
};
/** Each row as its values in column order ('' for an empty cell). */
const cells = (body: { results: { record: Record<string, { value: unknown }> }[] }, columns = ['reg_tag', 'reg_loc', 'insp_tag', 'insp_result']) =>
  body.results.map((r) => columns.map((q) => r.record[q]?.value ?? '').join('/'));

const pendingOf = async (sheetId: string) => {
  const found = (await server.db.execute(sql`SELECT count(*)::int AS n FROM sheet_pending_submissions WHERE sheet_id = ${sheetId}::uuid`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(found.rows[0]!.n);
};

describe('materialised sheet rows, kept up to date on read', () => {
  it('a root and a child submitted after a read are in the next read, and a child moves its row into the window', async () => {
    const sheet = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }), 'sheet', 'Fresh rows');
    await submitAt(server, team.member, register.id, hour(1), { reg_tag: 'F1', reg_loc: 'Hall' });
    expect(cells(await data(sheet.id))).toEqual(['F1/Hall//']);

    await submitAt(server, team.member, register.id, hour(2), { reg_tag: 'F2', reg_loc: 'Yard' });
    expect(cells(await data(sheet.id))).toEqual(['F2/Yard//', 'F1/Hall//']);

    // The window from hour 3 holds nothing yet; a child of F1 at hour 4 brings F1's row into it.
    expect(await data(sheet.id, `?start_time=${seconds(hour(3))}`)).toEqual({ results: [], total: 0 });
    await submitAt(server, team.member, inspection.id, hour(4), { insp_tag: 'F1', insp_result: 'pass' });
    const recent = await data(sheet.id, `?start_time=${seconds(hour(3))}`);
    expect(cells(recent)).toEqual(['F1/Hall/F1/pass']);
    expect(recent.results[0]!.created_at).toBe(hour(4).toISOString());
    // The root's lone row is gone: F1 now has one row, with its child.
    expect(cells(await data(sheet.id))).toEqual(['F1/Hall/F1/pass', 'F2/Yard//']);

    // A second child multiplies; a child of nobody changes nothing.
    await submitAt(server, team.member, inspection.id, hour(5), { insp_tag: 'F1', insp_result: 'fail' });
    await submitAt(server, team.member, inspection.id, hour(6), { insp_tag: 'nobody', insp_result: 'fail' });
    const all = await data(sheet.id);
    expect(cells(all)).toEqual(['F1/Hall/F1/fail', 'F1/Hall/F1/pass', 'F2/Yard//']);
    expect(all.total).toBe(3);
    expect(await pendingOf(sheet.id)).toBe(0);
  });

  it('a republished sheet with other links gives the rows of its new join', async () => {
    const other = await checklistOf(team.admin, 'Room check', { room_loc: ['text', 'Location'], room_ok: ['true/false', 'OK'] });
    const contents = sheetOver([register, inspection, other], { insp_tag: 'reg_tag' });
    const sheet = await makeSheet(team.admin, contents, 'sheet', 'Relinked');
    await submitAt(server, team.member, register.id, hour(7), { reg_tag: 'R1', reg_loc: 'Attic' });
    await submitAt(server, team.member, inspection.id, hour(8), { insp_tag: 'R1', insp_result: 'pass' });
    await submitAt(server, team.member, other.id, hour(9), { room_loc: 'Attic', room_ok: true });
    const columns = ['reg_tag', 'reg_loc', 'insp_result', 'room_ok'];
    const before = await data(sheet.id, `?start_time=${seconds(hour(7))}`);
    // Two roots unlinked: the register's row (with its inspection) and the room check's own row.
    expect(cells(before, columns)).toEqual(['///true', 'R1/Attic/pass/']);

    // Link the room check under the register by location instead of the inspection.
    const relinked = { ...contents, form_links: { reg_tag: null, room_loc: 'reg_loc', insp_tag: null } };
    const res = await team.admin.api.put(`documentation/documents/${sheet.id}`, { version: sheet.version, contents: relinked });
    expect(res.status, res.text).toBe(200);
    const after = await data(sheet.id, `?start_time=${seconds(hour(7))}`);
    // Now: the register joined to the room check, and the inspection a root of its own.
    expect(cells(after, columns)).toEqual(['R1/Attic//true', '//pass/']);
  });

  it("a purged checklist's rows go", async () => {
    const trial = await checklistOf(team.admin, 'Trial register', { trial_tag: ['text', 'Asset tag'] });
    const sheet = await makeSheet(team.admin, sheetOver([register, trial]), 'sheet', 'Purged');
    await submitAt(server, team.member, trial.id, hour(10), { trial_tag: 'T1' });
    await submitAt(server, team.member, trial.id, hour(11), { trial_tag: 'T2' });
    const start = `?start_time=${seconds(hour(10))}`;
    expect((await data(sheet.id, start, team.admin)).total).toBe(2);
    // A purge deletes the checklist and, with it, its submissions.
    await server.db.execute(sql`DELETE FROM documents WHERE id = ${trial.id}::uuid`);
    expect(await data(sheet.id, start, team.admin)).toEqual({ results: [], total: 0 });
  });

  it('reads while submitting stay right: every submission is in the read after it', async () => {
    const sheet = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }), 'sheet', 'Busy');
    const since = `?start_time=${Math.floor(Date.now() / 1000) - 60}`;
    const post = (checklistId: string, record: Record<string, unknown>) =>
      team.member.api.post(`documentation/documents/${checklistId}/data`, {
        record: Object.fromEntries(Object.entries(record).map(([id, value]) => [id, { value }])),
      });
    await data(sheet.id, since);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 8; i++) {
      work.push(post(register.id, { reg_tag: `C${i}`, reg_loc: 'Dock' }));
      work.push(post(inspection.id, { insp_tag: `C${i}`, insp_result: 'pass' }));
      work.push(data(sheet.id, since));
    }
    const answers = await Promise.all(work);
    answers.forEach((a, i) => i % 3 !== 2 && expect((a as { status: number }).status).toBe(201));
    // Each inspection joins its register entry whichever came first: 8 rows, all with their inspection.
    const settled = await data(sheet.id, since);
    expect(settled.total).toBe(8);
    expect(cells(settled).sort()).toEqual([...Array(8).keys()].map((i) => `C${i}/Dock/C${i}/pass`).sort());
    expect(await data(sheet.id, since)).toEqual(settled);
  });

  it('counts windows that start and end within an hour (whole hours are counted apart from their rows)', async () => {
    const times = await checklistOf(team.admin, 'Times', { t_n: ['number', 'N'] });
    const sheet = await makeSheet(team.admin, sheetOver([times]), 'sheet', 'Times');
    const at = (h: number, m: number) => new Date(Date.UTC(2026, 4, 1, h, m));
    await data(sheet.id);
    const moments = [at(10, 10), at(10, 50), at(11, 20), at(13, 5), at(15, 0)];
    for (const [i, moment] of moments.entries()) await submitAt(server, team.member, times.id, moment, { t_n: i });
    const cases: [Date | undefined, Date | undefined, number[]][] = [
      [at(10, 30), at(11, 30), [2, 1]],
      [at(10, 0), at(10, 30), [0]],
      [at(10, 15), at(10, 45), []],
      [at(10, 50), undefined, [4, 3, 2, 1]],
      [undefined, at(11, 20), [1, 0]],
      [at(10, 10), at(13, 5), [2, 1, 0]],
      [at(11, 0), at(15, 0), [3, 2]],
      [at(15, 0), at(15, 1), [4]],
    ];
    for (const [start, end, expected] of cases) {
      const query = `?${start ? `start_time=${seconds(start)}&` : ''}${end ? `end_time=${seconds(end)}` : ''}`;
      const res = await data(sheet.id, query);
      expect(res.results.map((r) => r.record.t_n!.value), query).toEqual(expected);
      expect(res.total, query).toBe(expected.length);
      expect((await data(sheet.id, `${query}&limit=1`)).total, query).toBe(expected.length);
    }
  });

  it("another organisation's submissions never appear, with the same answers", async () => {
    const mine = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }), 'sheet', 'Mine');
    const since = `?start_time=${seconds(hour(20))}&end_time=${seconds(hour(24))}`;
    expect((await data(mine.id, since)).total).toBe(0);
    const theirs = await makeTeam(server);
    const theirRegister = await checklistOf(theirs.admin, 'Asset register', { reg_tag: ['text', 'Asset tag'], reg_loc: ['text', 'Location'] });
    const theirInspection = await checklistOf(theirs.admin, 'Weekly inspection', { insp_tag: ['text', 'Asset tag'], insp_result: ['pass/fail', 'Result'] });
    const theirSheet = await makeSheet(theirs.admin, sheetOver([theirRegister, theirInspection], { insp_tag: 'reg_tag' }), 'sheet', 'Theirs');
    expect((await data(theirSheet.id, since, theirs.member)).total).toBe(0);
    await submitAt(server, theirs.member, theirRegister.id, hour(21), { reg_tag: 'O1', reg_loc: 'Elsewhere' });
    await submitAt(server, team.member, register.id, hour(22), { reg_tag: 'O1', reg_loc: 'Here' });
    await submitAt(server, theirs.member, theirInspection.id, hour(23), { insp_tag: 'O1', insp_result: 'fail' });
    await submitAt(server, team.member, inspection.id, hour(23), { insp_tag: 'O1', insp_result: 'pass' });
    expect(cells(await data(mine.id, since))).toEqual(['O1/Here/O1/pass']);
    expect(cells(await data(theirSheet.id, since, theirs.member))).toEqual(['O1/Elsewhere/O1/fail']);
    expect((await team.member.api.get(`documentation/documents/${theirSheet.id}/sheet-data`)).status).toBe(404);
  });
});
