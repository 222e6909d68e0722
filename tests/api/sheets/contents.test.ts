/**
 * PUT (and POST) documentation/documents for result sheets and reports: the contents' checklists,
 * questions and links are checked on publish (issue #13; documentation §5 "Linking"); drafts only for
 * their shape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { grant, makeDocument, makeTeam, missingId, orgWithAdmin, Permission, revoke, setAcl, type Team } from '../support/factories.ts';
import { checklistOf, makeSheet, sheetOver, type Checklist } from './support.ts';

const server = useTestServer();
let team: Team;
let register: Checklist;
let inspection: Checklist;
let sheet: { id: string; version: number };

beforeAll(async () => {
  team = await makeTeam(server);
  register = await checklistOf(team.admin, 'Asset register', { reg_tag: ['text', 'Asset tag'], reg_loc: ['text', 'Location'] });
  inspection = await checklistOf(team.admin, 'Weekly inspection', { insp_tag: ['text', 'Asset tag'], insp_result: ['pass/fail', 'Result'] });
  sheet = await makeSheet(team.admin, sheetOver([register]));
});

/** Publishes contents on the sheet as `user`; on success the sheet's version moves on. */
async function publish(contents: unknown, user = team.admin) {
  const res = await user.api.put(`documentation/documents/${sheet.id}`, { version: sheet.version, contents });
  if (res.status === 200) sheet = res.body;
  return res;
}

const good = () => sheetOver([register, inspection], { insp_tag: 'reg_tag' });

describe('PUT documentation/documents/{id} (sheet and report contents)', () => {
  it('publishes linked checklists, and a report the same way', async () => {
    const res = await publish(good());
    expect(res.status, res.text).toBe(200);
    expect(res.body.contents.form_links).toMatchObject({ insp_tag: 'reg_tag' });
    const report = await makeSheet(team.admin, good(), 'report');
    expect(report.contents.form_ids).toEqual([register.id, inspection.id]);
  });

  it('refuses each bad link or column with 422 naming the field', async () => {
    const slides = await makeDocument(team.admin, 'root', 'presentation');
    const c = good();
    const cases: [unknown, string][] = [
      [{ ...c, form_ids: [register.id, inspection.id, slides.id] }, 'contents.form_ids.2: is not a checklist'],
      [{ ...c, form_ids: [register.id, inspection.id, missingId()] }, 'contents.form_ids.2: is not a document of this organization'],
      [{ ...c, form_ids: [register.id, inspection.id, register.id] }, 'contents.form_ids.2: must not repeat a checklist'],
      [{ ...c, form_ids: [register.id] }, 'contents.questions.insp_tag.form_id: is not one of form_ids'],
      [{ ...c, questions: { ...c.questions, ghost: { ...c.questions.reg_tag, form_id: register.id } }, question_index: [...c.question_index, 'ghost'] },
        "contents.questions.ghost: is not a question of its checklist's published version"],
      [{ ...c, form_links: {}, questions: { ...c.questions, reg_tag: { ...c.questions.reg_tag, form_id: inspection.id } } },
        "contents.questions.reg_tag: is not a question of its checklist's published version"],
      [{ ...c, form_links: { insp_result: 'reg_tag' } }, 'contents.form_links.insp_result: must join questions of the same valueType'],
      [{ ...c, form_links: { reg_loc: 'reg_tag' } }, 'contents.form_links.reg_loc: must join questions of two different checklists'],
      [{ ...c, form_links: { insp_tag: 'nothing' } }, 'contents.form_links.insp_tag: nothing is not one of questions'],
      [{ ...c, form_links: { insp_tag: 'reg_tag', reg_tag: 'insp_tag' } }, 'the form links must not make a cycle'],
      [{ ...c, form_links: { insp_tag: 'reg_tag', insp_result: 'reg_loc' } }, 'must join questions of the same valueType'],
      [{ ...c, form_links: { insp_tag: 'reg_tag', insp_tag2: 'reg_loc' } }, 'contents.form_links.insp_tag2: insp_tag2 is not one of questions'],
      [{ ...c, questions: { ...c.questions, insp_tag: { ...c.questions.insp_tag, form_id: 'x' } } }, 'contents.questions.insp_tag.form_id'],
    ];
    for (const [contents, detail] of cases) {
      const res = await publish(contents);
      expect(res.status, detail).toBe(422);
      expect(res.body.detail, detail).toContain(detail);
    }
  });

  it('a link whose published valueTypes differ is refused, whatever the copies say', async () => {
    const c = good();
    const lying = { ...c, questions: { ...c.questions, insp_result: { ...c.questions.insp_result, valueType: 'text', widget: 'text' } }, form_links: { insp_result: 'reg_tag' } };
    const res = await publish(lying);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('contents.form_links.insp_result: must join questions of the same valueType');
  });

  it("two linked checklists sharing a question id: 'Unable to link checklists with duplicate questions.'", async () => {
    const copy = await checklistOf(team.admin, 'Copy of the register', { reg_tag: ['text', 'Asset tag'], copy_note: ['text', 'Note'] });
    const contents = {
      questions: { reg_tag: { ...register.questions.reg_tag, form_id: register.id }, copy_note: { ...copy.questions.copy_note, form_id: copy.id } },
      question_index: ['reg_tag', 'copy_note'],
      form_links: { copy_note: 'reg_tag' },
      form_ids: [register.id, copy.id],
    };
    const res = await publish(contents);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Unable to link checklists with duplicate questions.');
    // Unlinked (two roots), they may share: their rows never combine.
    expect((await publish({ ...contents, form_links: {} })).status).toBe(200);
  });

  it("another organisation's checklist reads like a missing one; one the editor cannot Read too", async () => {
    const other = await orgWithAdmin(server);
    const theirs = await checklistOf(other.admin, 'Theirs', { t: ['text', 'T'] });
    const foreign = await publish({ ...good(), form_ids: [register.id, inspection.id, theirs.id] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toBe('contents.form_ids.2: is not a document of this organization');

    // A member with Write on the sheet but no Read on a checklist cannot put it in.
    const closed = await checklistOf(team.admin, 'Closed', { closed_q: ['text', 'Q'] });
    await setAcl(team.admin, 'documents', closed.id, [revoke(team.org.id, Permission.Read)]);
    await setAcl(team.admin, 'documents', sheet.id, [grant(team.member.id, Permission.Read | Permission.Write)]);
    const refused = await publish({ ...good(), form_ids: [register.id, inspection.id, closed.id] }, team.member);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('contents.form_ids.2: is not a document of this organization');
    expect((await publish(good(), team.member)).status).toBe(200);
  });

  it('drafts are work in progress: an unfinished link is kept, a malformed shape is not', async () => {
    const unfinished = { ...good(), form_links: { insp_result: 'reg_tag' } };
    const draft = await team.admin.api.put(`documentation/documents/${sheet.id}`, { version: sheet.version, draft_contents: unfinished });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.draft_contents.form_links).toEqual({ insp_result: 'reg_tag' });
    const malformed = await team.admin.api.put(`documentation/documents/${sheet.id}`, { version: sheet.version, draft_contents: { ...good(), form_ids: 'x' } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail).toContain('draft_contents.form_ids');
    // Publishing that draft as it is is refused.
    expect((await publish(unfinished)).status).toBe(422);
  });

  it('POST documentation/documents checks a new sheet the same way', async () => {
    const res = await team.admin.api.post('documentation/documents', {
      folder_id: 'root',
      name: 'Bad sheet',
      doctype: 'sheet',
      contents: { ...good(), form_links: { insp_result: 'reg_tag' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('contents.form_links.insp_result: must join questions of the same valueType');
  });
});
