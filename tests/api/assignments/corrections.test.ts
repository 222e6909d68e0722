/**
 * Corrective actions (issue #12): a submission with validation errors raises one assignment of kind
 * `correction` per recipient (the failing questions' validation roles and users), in the submission's
 * transaction, naming the checklist, the submitted row and the failing answers. None without recipients
 * or without errors; claimed and completed like any assignment.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments } from '../../../src/server/db/schema.ts';
import { defaultValidation } from '../../../src/shared/checklists/index.ts';
import { createRole, makeChecklist, makeTeam, myAssignmentIds, question, type Team } from '../support/factories.ts';
import type { Json } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';
import { submit } from '../checklists/support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

/** A pass/fail question whose failures go to these recipients. */
const passFail = (title: string, roles: string[] = [], users: string[] = []) =>
  question('pass/fail', { title, validation: { ...defaultValidation('pass/fail'), roles, users } });

const correctionsOf = (submissionId: string) => server.db.select().from(assignments).where(eq(assignments.submissionId, submissionId));

describe('corrective actions', () => {
  it('a failing answer raises one correction per recipient, naming the checklist, the row and the failing answers', async () => {
    const doc = await makeChecklist(
      team.admin,
      {
        door: passFail('Door locked', [team.role.id], [team.member.id]),
        lights: passFail('Lights off', [team.role.id]),
        fine: passFail('Floor clean', [team.role.id]),
        note: question('text', { required: false }),
      },
      'root',
      'Closing checks',
    );
    const res = await submit(team.admin, doc.id, { door: { value: 'fail' }, lights: { value: 'fail' }, fine: { value: 'pass' }, note: { value: 'x' } });
    expect(res.status, res.text).toBe(201);
    const rowId = res.body.id as string;
    const raised = await correctionsOf(rowId);
    expect(raised.map((r) => `${r.assignedToType}:${r.assignedToId}`).sort()).toEqual([`role:${team.role.id}`, `user:${team.member.id}`].sort());

    const forRole = (await team.roleMember.api.get('workflow/assignments')).body.results.find((a: Json) => a.submission_id === rowId);
    expect(forRole).toMatchObject({
      kind: 'correction',
      object_id: doc.id,
      object_name: 'Closing checks',
      doctype: 'form',
      assigned_to: { type: 'role', id: team.role.id, name: team.role.name },
      assigned_by_username: team.admin.username,
      claimed: false,
      completed: false,
      submission_id: rowId,
      failing_answers: [
        { question_id: 'door', title: 'Door locked', value: 'fail' },
        { question_id: 'lights', title: 'Lights off', value: 'fail' },
      ],
    });
    const forMember = (await team.member.api.get('workflow/assignments')).body.results.find((a: Json) => a.submission_id === rowId);
    expect(forMember.failing_answers).toEqual([{ question_id: 'door', title: 'Door locked', value: 'fail' }]);
    // The checklist's own list (the Assignments tab) shows them too.
    const tab = await team.member.api.get(`workflow/assignments?document_id=${doc.id}`);
    expect(tab.body.results.filter((a: Json) => a.kind === 'correction')).toHaveLength(2);
  });

  it('is closed by claiming it and marking it done', async () => {
    const doc = await makeChecklist(team.admin, { q: passFail('Guard present', [], [team.member.id]) });
    const res = await submit(team.roleMember, doc.id, { q: { value: 'fail' } });
    const [raised] = await correctionsOf(res.body.id);
    const id = raised!.id;
    expect(await myAssignmentIds(team.member)).toContain(id);
    expect((await team.member.api.post(`workflow/assignments/document/${id}/claim`)).status).toBe(404);
    expect((await team.member.api.post(`workflow/assignments/correction/${id}/claim`)).status).toBe(200);
    const done = await team.member.api.post(`workflow/assignments/correction/${id}/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ kind: 'correction', completed: true });
    expect(await myAssignmentIds(team.member)).not.toContain(id);
  });

  it('raises none without validation errors, and none without recipients', async () => {
    const withRecipients = await makeChecklist(team.admin, { q: passFail('Checked', [team.role.id]) });
    const passing = await submit(team.member, withRecipients.id, { q: { value: 'pass' } });
    expect(passing.status).toBe(201);
    expect(await correctionsOf(passing.body.id)).toEqual([]);
    const noRecipients = await makeChecklist(team.admin, { q: passFail('Checked') });
    const failing = await submit(team.member, noRecipients.id, { q: { value: 'fail' } });
    expect(failing.status).toBe(201);
    expect(failing.body.validation_errors).toBe(1);
    expect(await correctionsOf(failing.body.id)).toEqual([]);
  });

  it('a retried submission (same Idempotency-Key) raises them once; a refused one raises none', async () => {
    const doc = await makeChecklist(team.admin, { q: passFail('Sealed', [team.role.id]), r: question('number') });
    const key = crypto.randomUUID();
    const first = await submit(team.member, doc.id, { q: { value: 'fail' }, r: { value: 3 } }, { 'Idempotency-Key': key });
    const again = await submit(team.member, doc.id, { q: { value: 'fail' }, r: { value: 3 } }, { 'Idempotency-Key': key });
    expect(again.body.id).toBe(first.body.id);
    expect(await correctionsOf(first.body.id)).toHaveLength(1);
    const refused = await submit(team.member, doc.id, { q: { value: 'fail' }, r: { value: 'many' } });
    expect(refused.status).toBe(422);
    const all = await server.db.select().from(assignments).where(eq(assignments.documentId, doc.id));
    expect(all).toHaveLength(1);
  });

  it('skips a recipient that is no longer the organisation’s (a deleted role)', async () => {
    const gone = await createRole(server, team.admin);
    const doc = await makeChecklist(team.admin, { q: passFail('Alarm set', [gone.id, team.role.id]) });
    expect((await team.admin.api.delete(`roles/${gone.id}`)).status).toBe(204);
    const res = await submit(team.member, doc.id, { q: { value: 'fail' } });
    expect(res.status, res.text).toBe(201);
    expect((await correctionsOf(res.body.id)).map((r) => r.assignedToId)).toEqual([team.role.id]);
  });
});
