/**
 * Issue #44 "Assignments finish" and "Due dates": a checklist's assignment completes when an assignee
 * submits it after it was made (the claimer if claimed, else the submitter, who claims and completes it in
 * one step); any assignment can be completed by hand by an assignee; completed ones leave my list and show
 * in the Done list (`status=completed`) with who and when, in the activity log and as the
 * assignment.completed webhook. `due_at`, `status` and `overdue`; overdue told once (bell) by the pass.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, webhookDeliveries } from '../../../src/server/db/schema.ts';
import { notifyOverdueAssignments } from '../../../src/server/services/assignments/overdue.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { assign, makeChecklist, makeFolder, makeTeam, myAssignmentIds, question, type Team, type TestUser } from '../support/factories.ts';
import type { Json } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
let team: Team;
let checklistId: string;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
  checklistId = (await makeChecklist(team.admin, { q: question('text', { required: false }) }, 'root', 'Ladder check')).id;
  const hook = await team.admin.api.post('webhooks', { url: 'http://127.0.0.1:9/hook', events: ['assignment.completed'] });
  expect(hook.status, hook.text).toBe(201);
});

const submit = async (user: TestUser, id = checklistId) => {
  const res = await user.api.post(paths.documentation.data(id), { record: { q: { value: 'fine' } } });
  expect(res.status, res.text).toBe(201);
  return res.body as Json;
};
const step = (user: TestUser, kind: string, id: string, what: 'claim' | 'complete') => user.api.post(`workflow/assignments/${kind}/${id}/${what}`);
const tabOf = async (id: string) => (await team.admin.api.get(`workflow/assignments?document_id=${id}`)).body.results as Json[];
const done = async (user: TestUser) => {
  const res = await user.api.get('workflow/assignments?status=completed');
  expect(res.status, res.text).toBe(200);
  return res.body.results as Json[];
};

describe('completion by submission', () => {
  it('an unclaimed assignment: the submitter (an assignee) claims and completes it in one step', async () => {
    const a = await assign(team.admin, 'document', checklistId, { type: 'role', id: team.role.id });
    expect(a).toMatchObject({ status: 'open', due_at: null, overdue: false, completed_by_username: null, completed_at: null });
    const row = await submit(team.roleMember);
    const after = (await tabOf(checklistId)).find((x) => x.id === a.id)!;
    expect(after).toMatchObject({
      status: 'completed',
      completed: true,
      claimed_by_username: team.roleMember.username,
      completed_by_username: team.roleMember.username,
      completed_submission_id: row.id,
    });
    expect(Date.parse(after.completed_at)).not.toBeNaN();
    expect(await myAssignmentIds(team.roleMember)).not.toContain(a.id);
    expect((await done(team.roleMember)).map((x) => x.id)).toContain(a.id);
    // The activity log and the webhook say so.
    const events = await server.db.select().from(activityEvents).where(and(eq(activityEvents.type, 'AssignmentCompleted'), eq(activityEvents.orgId, team.org.id)));
    expect(events.some((e) => e.context.assignment_id === a.id)).toBe(true);
    const deliveries = await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'assignment.completed'));
    expect(deliveries.some((d) => (d.payload as Json).data.assignment_id === a.id)).toBe(true);
  });

  it('a claimed assignment completes only with its claimer’s submission', async () => {
    const a = await assign(team.admin, 'document', checklistId, { type: 'org', id: team.org.id });
    expect((await step(team.member, 'document', a.id, 'claim')).status).toBe(200);
    await submit(team.roleMember);
    expect((await tabOf(checklistId)).find((x) => x.id === a.id)).toMatchObject({ status: 'claimed', completed: false });
    await submit(team.member);
    expect((await tabOf(checklistId)).find((x) => x.id === a.id)).toMatchObject({ status: 'completed', completed_by_username: team.member.username });
  });

  it('a submission by someone it is not assigned to completes nothing', async () => {
    const a = await assign(team.admin, 'document', checklistId, { type: 'user', id: team.member.id });
    await submit(team.roleMember);
    expect((await tabOf(checklistId)).find((x) => x.id === a.id)).toMatchObject({ status: 'open' });
  });
});

describe('completion by hand', () => {
  it('a folder: an assignee completes it (claiming it in one step); others may not', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Boiler room');
    const a = await assign(team.admin, 'folder', folder.id, { type: 'role', id: team.role.id });
    expect((await step(team.member, 'folder', a.id, 'complete')).status).toBe(403);
    const res = await step(team.roleMember, 'folder', a.id, 'complete');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', completed_by_username: team.roleMember.username, claimed_by_username: team.roleMember.username });
    expect((await done(team.roleMember))[0]).toMatchObject({ id: a.id });
  });
});

describe('due dates', () => {
  it('takes an optional ISO 8601 due_at; past it an open or claimed assignment is overdue', async () => {
    const due = new Date(server.clock.now().getTime() + 60 * 60 * 1000);
    const res = await team.admin.api.post(paths.workflow.assign('document'), {
      assigned_to: { type: 'user', id: team.member.id },
      object_id: checklistId,
      due_at: due.toISOString(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ due_at: due.toISOString(), status: 'open', overdue: false });
    await server.clock.shifted(2 * 60 * 60 * 1000, async () => {
      const mine = (await team.member.api.get('workflow/assignments')).body.results.find((x: Json) => x.id === res.body.id);
      expect(mine).toMatchObject({ status: 'open', overdue: true });
    });
  });

  it.each([
    ['not a date', 'tomorrow'],
    ['a number', 1765000000],
  ])('refuses a due_at that is %s: 422 naming due_at', async (_, due_at) => {
    const res = await team.admin.api.post(paths.workflow.assign('document'), { assigned_to: { type: 'org', id: team.org.id }, object_id: checklistId, due_at });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: Json) => e.field)).toContain('due_at');
  });

  it('an overdue assignment is told once to its assignees and to whoever assigned it', async () => {
    const due = new Date(server.clock.now().getTime() + 60_000);
    const res = await team.member.api.post(paths.workflow.assign('document'), {
      assigned_to: { type: 'user', id: team.roleMember.id },
      object_id: checklistId,
      due_at: due.toISOString(),
    });
    expect(res.status, res.text).toBe(201);
    const overdueOf = async (user: TestUser) =>
      ((await user.api.get('documentation/notifications')).body.results as Json[]).filter(
        (n) => n.activity_type === 'AssignmentOverdue' && n.context_data.assignment_id === res.body.id,
      );
    const pass = () => notifyOverdueAssignments({ db: server.db, now: server.deps.now });
    await pass();
    expect(await overdueOf(team.roleMember)).toEqual([]);
    await server.clock.shifted(5 * 60_000, async () => {
      await pass();
      await pass();
    });
    expect(await overdueOf(team.roleMember)).toHaveLength(1);
    expect(await overdueOf(team.member)).toHaveLength(1);
  });
});
