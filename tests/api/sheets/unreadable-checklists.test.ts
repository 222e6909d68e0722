/**
 * A result sheet or report reveals nothing of a checklist its reader cannot Read (issue #28, "What a
 * member without Read must not learn"): not its id (contents.form_ids, links, submissions), not its
 * questions (ids or titles: the columns drawn from it are left out), not who submitted its rows, not its
 * answers — in GET of the sheet (every version, the draft), its rows, a report's latest row and the CSV.
 * A member who may Read every checklist still sees all of it. An editor who cannot Read a linked
 * checklist sees the sheet as any reader does, and may not publish contents over it.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { grant, makeTeam, memberOf, Permission, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { checklistOf, hour, makeSheet, sheetOver, submitAt, type Checklist } from './support.ts';

const server = useTestServer();
let team: Team;
/** Submits the hidden checklist only: their name must never reach the member. */
let inspector: TestUser;
let register: Checklist;
let hidden: Checklist;
let checks: Checklist;
let sheet: { id: string };
let report: { id: string };
let twoRoots: { id: string };

/** What of the hidden checklist must never appear in an answer to the member. */
const secrets = () => [hidden.id, 'Zebra seal', 'Zebra reading', 'zebra_tag', 'zebra_reading', 'classified 451', inspector.username];

const expectNothingHidden = (text: string, what: string) => {
  for (const secret of secrets()) expect(text, `${what} holds ${secret}`).not.toContain(secret);
};

beforeAll(async () => {
  team = await makeTeam(server);
  inspector = await memberOf(server, team.admin);
  register = await checklistOf(team.admin, 'Asset register', { reg_tag: ['text', 'Asset tag'], reg_loc: ['text', 'Location'] });
  hidden = await checklistOf(team.admin, 'Sealed inspection', { zebra_tag: ['text', 'Zebra seal'], zebra_reading: ['text', 'Zebra reading'] });
  checks = await checklistOf(team.admin, 'Follow-up', { chk_tag: ['text', 'Seal again'], chk_ok: ['true/false', 'Fixed'] });
  // register ← hidden ← checks: the member may Read the first and the last, not the middle one.
  const chain = sheetOver([register, hidden, checks], { zebra_tag: 'reg_tag', chk_tag: 'zebra_tag' });
  sheet = await makeSheet(team.admin, chain, 'sheet', 'Seal sheet');
  report = await makeSheet(team.admin, chain, 'report', 'Seal report');
  twoRoots = await makeSheet(team.admin, sheetOver([register, hidden]), 'sheet', 'Side by side');
  await submitAt(server, team.roleMember, register.id, hour(1), { reg_tag: 'S1', reg_loc: 'Hall' });
  await submitAt(server, team.roleMember, checks.id, hour(2), { chk_tag: 'S1', chk_ok: true });
  await submitAt(server, inspector, hidden.id, hour(3), { zebra_tag: 'S1', zebra_reading: 'classified 451' });
  await setAcl(team.admin, 'documents', hidden.id, [revoke(team.member.id, Permission.Read)]);
});

const get = (user: TestUser, path: string) => user.api.get(`documentation/documents/${path}`);

describe('a member who may Read the sheet but not one of its checklists', () => {
  it('GET of the sheet: no form id, question or link of that checklist, in the contents or the draft', async () => {
    const draft = sheetOver([register, hidden]);
    const saved = await team.admin.api.put(`documentation/documents/${sheet.id}`, { version: 1, draft_contents: draft });
    expect(saved.status, saved.text).toBe(200);
    for (const path of [sheet.id, `${sheet.id}/version/1`, report.id]) {
      const res = await get(team.member, path);
      expect(res.status, res.text).toBe(200);
      expectNothingHidden(res.text, path);
      expect(res.body.contents.form_ids).toEqual([register.id, checks.id]);
      expect(Object.keys(res.body.contents.questions).sort()).toEqual(['chk_ok', 'chk_tag', 'reg_loc', 'reg_tag']);
      expect(res.body.contents.question_index).toEqual(['reg_tag', 'reg_loc', 'chk_tag', 'chk_ok']);
      // The follow-up's link joined the hidden checklist: it is left out (a root, as this reader sees it).
      expect(res.body.contents.form_links).toEqual({ reg_tag: null });
    }
    const withDraft = await get(team.member, sheet.id);
    expect(withDraft.body.draft_contents.form_ids).toEqual([register.id]);
    // Whoever may Read every checklist sees all of it.
    const full = await get(team.roleMember, sheet.id);
    expect(full.body.contents.form_ids).toEqual([register.id, hidden.id, checks.id]);
    expect(full.body.contents.form_links).toMatchObject({ zebra_tag: 'reg_tag', chk_tag: 'zebra_tag' });
    expect(full.body.draft_contents.form_ids).toEqual([register.id, hidden.id]);
  });

  it("its rows: no answer, submission or submitter of that checklist; the author is the newest readable submission's", async () => {
    const res = await get(team.member, `${sheet.id}/sheet-data`);
    expect(res.status, res.text).toBe(200);
    expectNothingHidden(res.text, 'sheet-data');
    expect(res.body.total).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      created_by_username: team.roleMember.username,
      submissions: { [register.id]: expect.any(String), [checks.id]: expect.any(String) },
    });
    expect(Object.keys(res.body.results[0].record).sort()).toEqual(['chk_ok', 'chk_tag', 'reg_loc', 'reg_tag']);
    const full = await get(team.roleMember, `${sheet.id}/sheet-data`);
    expect(full.body.results[0]).toMatchObject({ created_by_username: inspector.username, record: { zebra_reading: { value: 'classified 451' } } });
  });

  it("lists no row made only of that checklist's submissions (a root it cannot Read), nor counts it", async () => {
    const res = await get(team.member, `${twoRoots.id}/sheet-data`);
    expect(res.status, res.text).toBe(200);
    expectNothingHidden(res.text, 'two roots');
    expect(res.body.total).toBe(1);
    expect(res.body.results).toEqual([
      expect.objectContaining({ created_at: hour(1).toISOString(), created_by_username: team.roleMember.username, submissions: { [register.id]: expect.any(String) } }),
    ]);
    const windowed = await get(team.member, `${twoRoots.id}/sheet-data?start_time=${hour(2).getTime() / 1000}`);
    expect(windowed.body).toEqual({ results: [], total: 0 });
    expect((await get(team.roleMember, `${twoRoots.id}/sheet-data`)).body.total).toBe(2);
  });

  it("the report's latest row", async () => {
    const res = await get(team.member, `${report.id}/sheet-data?limit=1`);
    expect(res.status, res.text).toBe(200);
    expectNothingHidden(res.text, 'report');
    expect(res.body.results[0].created_by_username).toBe(team.roleMember.username);
  });

  it('the CSV export: no column drawn from that checklist, no submitter of it', async () => {
    for (const id of [sheet.id, twoRoots.id]) {
      const res = await get(team.member, `${id}/export.csv`);
      expect(res.status, res.text).toBe(200);
      expectNothingHidden(res.text, 'csv');
      const table = parse(res.text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
      expect(table[0]).not.toContain('Zebra seal');
      expect(table).toHaveLength(2); // the header and the one row the member may see
      if (id === sheet.id) {
        expect(table[0]!.filter((title) => !title.endsWith(' (comments)'))).toEqual(['Datetime', 'Submitted By', 'Asset tag', 'Location', 'Seal again', 'Fixed']);
        expect(table[1]![1]).toBe(team.roleMember.username);
      }
    }
    const full = await get(team.roleMember, `${sheet.id}/export.csv`);
    expect(full.text).toContain('Zebra seal');
    expect(full.text).toContain(inspector.username);
  });
});

describe('an editor who cannot Read a linked checklist', () => {
  it('sees the sheet as any reader does, and may not publish contents over the checklist it cannot see', async () => {
    await setAcl(team.admin, 'documents', sheet.id, [grant(team.member.id, Permission.Read | Permission.Write)]);
    const seen = await get(team.member, sheet.id);
    expectNothingHidden(seen.text, 'editor');
    // Publishing what it sees would silently unlink the hidden checklist: refused, and nothing changes.
    const res = await team.member.api.put(`documentation/documents/${sheet.id}`, { version: seen.body.version, contents: seen.body.contents });
    expect(res.status, res.text).toBe(403);
    expect(res.body.detail).toBe("You need 'Read' permission on every checklist of this result sheet to publish its contents");
    expectNothingHidden(res.text, 'refusal');
    const after = await get(team.roleMember, sheet.id);
    expect(after.body.version).toBe(seen.body.version);
    expect(after.body.contents.form_ids).toEqual([register.id, hidden.id, checks.id]);
    // A new name alone keeps the contents as they are: allowed.
    const renamed = await team.member.api.put(`documentation/documents/${sheet.id}`, { version: seen.body.version, name: 'Seal sheet, renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expectNothingHidden(renamed.text, 'rename');
    expect((await get(team.roleMember, sheet.id)).body.contents.form_ids).toEqual([register.id, hidden.id, checks.id]);
  });
});
