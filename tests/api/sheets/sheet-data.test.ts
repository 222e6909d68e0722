/**
 * GET documentation/documents/{id}/sheet-data (issue #13 "A row of the sheet"): a row is one submission
 * of a root checklist joined down the link tree; the time window, paging and total; readers without Read
 * on a checklist see its columns empty; other organisations' sheets are 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { makeTeam, orgWithAdmin, Permission, revoke, setAcl, type Team } from '../support/factories.ts';
import { checklistOf, hour, makeSheet, seconds, sheetOver, submitAt, type Checklist } from './support.ts';

const server = useTestServer();
let team: Team;
let register: Checklist;
let inspection: Checklist;
let sheet: { id: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  team = await makeTeam(server);
  register = await checklistOf(team.admin, 'Asset register', { reg_tag: ['text', 'Asset tag'], reg_loc: ['text', 'Location'] });
  inspection = await checklistOf(team.admin, 'Weekly inspection', { insp_tag: ['text', 'Asset tag'], insp_result: ['pass/fail', 'Result'] });
  sheet = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }));
  // Register X/Hall and Y/Yard; inspect X pass, X fail, and Z pass (no register entry).
  ids.x = await submitAt(server, team.member, register.id, hour(1), { reg_tag: 'X', reg_loc: 'Hall' });
  ids.y = await submitAt(server, team.roleMember, register.id, hour(2), { reg_tag: 'Y', reg_loc: 'Yard' });
  ids.xPass = await submitAt(server, team.roleMember, inspection.id, hour(3), { insp_tag: 'X', insp_result: 'pass' });
  ids.xFail = await submitAt(server, team.member, inspection.id, hour(4), { insp_tag: 'X', insp_result: 'fail' });
  ids.zPass = await submitAt(server, team.member, inspection.id, hour(5), { insp_tag: 'Z', insp_result: 'pass' });
});

const data = (query = '', user = team.member, id = sheet.id) => user.api.get(`documentation/documents/${id}/sheet-data${query}`);
const answer = (value: unknown, valid = true) => ({ value, comments: '', media: [], valid });
/** Each row as its values in column order ('' for an empty cell). */
const cells = (results: { record: Record<string, { value: unknown }> }[]) =>
  results.map((r) => ['reg_tag', 'reg_loc', 'insp_tag', 'insp_result'].map((q) => r.record[q]?.value ?? '').join('/'));

describe('GET documentation/documents/{id}/sheet-data', () => {
  it('joins the example: X/Hall/pass, X/Hall/fail, Y/Yard/(empty); Z has no register entry', async () => {
    const res = await data();
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(3);
    expect(cells(res.body.results)).toEqual(['X/Hall/X/fail', 'X/Hall/X/pass', 'Y/Yard//']);
    expect(res.body.results[0]).toEqual({
      created_at: hour(4).toISOString(),
      created_by_username: team.member.username,
      record: { reg_tag: answer('X'), reg_loc: answer('Hall'), insp_tag: answer('X'), insp_result: answer('fail', false) },
      submissions: { [register.id]: ids.x, [inspection.id]: ids.xFail },
    });
    expect(res.body.results[1]).toMatchObject({ created_at: hour(3).toISOString(), created_by_username: team.roleMember.username });
    expect(res.body.results[2]).toEqual({
      created_at: hour(2).toISOString(),
      created_by_username: team.roleMember.username,
      record: { reg_tag: answer('Y'), reg_loc: answer('Yard') },
      submissions: { [register.id]: ids.y },
    });
  });

  it("filters on the row's time (its newest submission), start inclusive, end exclusive; total counts the window", async () => {
    const cases: [string, string[]][] = [
      // X/fail's register row is older than the start, but the row's time is its inspection's.
      [`?start_time=${seconds(hour(4))}`, ['X/Hall/X/fail']],
      [`?start_time=${seconds(hour(3))}`, ['X/Hall/X/fail', 'X/Hall/X/pass']],
      // Before hour 4 the row X/fail does not exist yet in the window; its register row does not stand alone.
      [`?end_time=${seconds(hour(4))}`, ['X/Hall/X/pass', 'Y/Yard//']],
      [`?start_time=${seconds(hour(2))}&end_time=${seconds(hour(3))}`, ['Y/Yard//']],
      [`?start_time=${seconds(hour(6))}`, []],
    ];
    for (const [query, expected] of cases) {
      const res = await data(query);
      expect(res.status, query).toBe(200);
      expect(cells(res.body.results), query).toEqual(expected);
      expect(res.body.total, query).toBe(expected.length);
    }
  });

  it('pages with skip and limit; total is the whole window', async () => {
    const first = await data('?limit=1');
    expect(cells(first.body.results)).toEqual(['X/Hall/X/fail']);
    expect(first.body.total).toBe(3);
    const second = await data('?skip=1&limit=2');
    expect(cells(second.body.results)).toEqual(['X/Hall/X/pass', 'Y/Yard//']);
    expect(second.body.total).toBe(3);
    expect((await data('?skip=3')).body).toEqual({ results: [], total: 3 });
    for (const bad of ['?limit=0', '?skip=-1', '?start_time=x', '?end_time=-5']) {
      const res = await data(bad);
      expect(res.status, bad).toBe(422);
    }
  });

  it('a report has the same rows: limit=1 is the latest', async () => {
    const report = await makeSheet(team.admin, sheetOver([register, inspection], { insp_tag: 'reg_tag' }), 'report', 'Asset report');
    const res = await data('?limit=1', team.member, report.id);
    expect(cells(res.body.results)).toEqual(['X/Hall/X/fail']);
  });

  it('joins a three-level chain; siblings multiply, a parent without children gives one row', async () => {
    const a = await checklistOf(team.admin, 'Sites', { a_no: ['number', 'Site'] });
    const b = await checklistOf(team.admin, 'Rooms', { b_site: ['number', 'Site'], b_room: ['text', 'Room'] });
    const c = await checklistOf(team.admin, 'Checks', { c_room: ['text', 'Room'], c_ok: ['true/false', 'OK'] });
    const chain = await makeSheet(team.admin, sheetOver([a, b, c], { b_site: 'a_no', c_room: 'b_room' }));
    await submitAt(server, team.admin, a.id, hour(1), { a_no: 1 });
    await submitAt(server, team.admin, a.id, hour(2), { a_no: 2 });
    await submitAt(server, team.admin, b.id, hour(3), { b_site: 1, b_room: 'k' });
    await submitAt(server, team.admin, b.id, hour(4), { b_site: 1, b_room: 'm' });
    await submitAt(server, team.admin, c.id, hour(5), { c_room: 'k', c_ok: true });
    await submitAt(server, team.admin, c.id, hour(6), { c_room: 'k', c_ok: false });
    await submitAt(server, team.admin, c.id, hour(7), { c_room: 'zzz', c_ok: true });
    const res = await data('', team.member, chain.id);
    expect(res.body.total).toBe(4);
    const rows = res.body.results.map((r: { created_at: string; record: Record<string, { value: unknown }> }) =>
      [r.created_at, ...['a_no', 'b_room', 'c_ok'].map((q) => String(r.record[q]?.value ?? '-'))].join(' '),
    );
    expect(rows).toEqual([
      `${hour(6).toISOString()} 1 k false`,
      `${hour(5).toISOString()} 1 k true`,
      `${hour(4).toISOString()} 1 m -`,
      `${hour(2).toISOString()} 2 - -`,
    ]);
    // The window reaches a root through its grandchild.
    const recent = await data(`?start_time=${seconds(hour(6))}`, team.member, chain.id);
    expect(recent.body.total).toBe(1);
    expect(recent.body.results[0].record.a_no.value).toBe(1);
  });

  it('never selects the answers of a checklist the reader cannot Read, nor names its submitter; the rows stay', async () => {
    const closed = await checklistOf(team.admin, 'Closed inspection', { closed_tag: ['text', 'Asset tag'], closed_note: ['text', 'Note'] });
    const open = await makeSheet(team.admin, sheetOver([register, closed], { closed_tag: 'reg_tag' }));
    await submitAt(server, team.admin, closed.id, hour(8), { closed_tag: 'Y', closed_note: 'secret' });
    await setAcl(team.admin, 'documents', closed.id, [revoke(team.org.id, Permission.Read)]);
    const admin = await data('', team.admin, open.id);
    expect(admin.body.total).toBe(2);
    expect(admin.body.results[0].record.closed_note.value).toBe('secret');
    const member = await data('', team.member, open.id);
    expect(member.status).toBe(200);
    expect(member.body.total).toBe(2);
    // The row's time is its newest submission's (the rows do not depend on the reader); its author is the
    // newest readable submission's (issue #28: not the closed checklist's submitter).
    expect(member.body.results[0]).toEqual({
      created_at: hour(8).toISOString(),
      created_by_username: team.roleMember.username,
      record: { reg_tag: answer('Y'), reg_loc: answer('Yard') },
      submissions: { [register.id]: ids.y },
    });
    expect(member.text).not.toContain('secret');
  });

  it('needs Read on the sheet; other organisations’ sheets and other doctypes are refused', async () => {
    await setAcl(team.admin, 'documents', sheet.id, [revoke(team.role.id, Permission.Read)]);
    const refused = await data('', team.roleMember);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ detail: 'Document not found' });
    await setAcl(team.admin, 'documents', sheet.id, []);
    const other = await orgWithAdmin(server);
    const foreign = await data('', other.admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ detail: 'Document not found' });
    const notSheet = await data('', team.member, register.id);
    expect(notSheet.status).toBe(400);
    expect((await server.client().get(`documentation/documents/${sheet.id}/sheet-data`)).status).toBe(401);
  });
});
