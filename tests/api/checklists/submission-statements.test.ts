/**
 * The submission hot path's round trips (issue #8's throughput, issue #4's kiosks; issue #46): a submission
 * to a checklist nobody is to be told of it and nothing to complete, without photos, corrective actions or
 * an Idempotency-Key, is TWO statements: the sign-in's, which reads the checklist with its chain beside the
 * caller, and ONE statement that stores the row with its event and deliveries only if it finds nobody to
 * tell and nothing to complete — no transaction around it (BEGIN and COMMIT are round trips too). When it
 * finds someone, it stores nothing and the submission goes the full way (the audience and assignments read,
 * then one transaction): the row and its notification are still stored together
 * (submission-atomic.test.ts holds the all-or-nothing). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, assignments, checklistSubmissions, notifications } from '../../../src/server/db/schema.ts';
import { countQueries, type QueryCounter } from '../../bench/query-counter.ts';
import { makeChecklist, makeFolder, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { submit } from './support.ts';

const server = useTestServer();
let team: Team;
let statements: QueryCounter;

beforeAll(async () => {
  team = await makeTeam(server);
  statements = countQueries(server.db);
});

/** The statements one submission sends, and its answer. */
async function counted(documentId: string, record: Record<string, unknown>) {
  const before = statements.count;
  const response = await submit(team.member, documentId, record);
  return { response, sent: statements.count - before };
}

/**
 * The fewest statements of three submissions in turn: the counter also sees the server's background work
 * (the webhook sender's timer, the statistics pass) when it falls inside a request, which only ever adds.
 */
async function fewest(documentId: string, record: Record<string, unknown>) {
  let sent = Infinity;
  for (let i = 0; i < 3; i++) {
    const one = await counted(documentId, record);
    expect(one.response.status, one.response.text).toBe(201);
    sent = Math.min(sent, one.sent);
  }
  return sent;
}

describe('statements per submission', () => {
  it('nobody to tell, no photos, no corrections, nothing to complete: two statements, no transaction', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Quiet line');
    const checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Quiet round');
    await submit(team.member, checklist.id, { ok: { value: true } }); // warm: the caller's session touched, statements prepared
    const sent = await fewest(checklist.id, { ok: { value: false } });
    // The caller with the checklist and its chain (the sign-in's statement), and ONE statement that stores
    // the row with its event and deliveries only if nobody is to be told and nothing completes (issue #46).
    expect(sent).toBe(2);
  });

  it('a subscriber who hears only of failing answers is not told of a valid row: still two statements', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Errors-only line');
    const checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Errors-only round');
    const watch = await team.admin.api.post(`documentation/folders/${folder.id}/subscription`, { validation_errors_only: true });
    expect(watch.status, watch.text).toBe(200);
    await submit(team.member, checklist.id, { ok: { value: true } });
    expect(await fewest(checklist.id, { ok: { value: true } })).toBe(2);
  });

  it('an open assignment of the checklist: the quiet statement stores nothing and the row goes the full way, completing it', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Assigned line');
    const checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Assigned round');
    const assigned = await team.admin.api.post('workflow/assignments/document', { object_id: checklist.id, assigned_to: { type: 'user', id: team.member.id } });
    expect(assigned.status, assigned.text).toBe(201);
    const { response } = await counted(checklist.id, { ok: { value: true } });
    expect(response.status, response.text).toBe(201);
    const rows = await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.documentId, checklist.id));
    expect(rows).toHaveLength(1);
    const [done] = await server.db.select().from(assignments).where(eq(assignments.id, assigned.body.id as string));
    expect(done?.completedSubmissionId).toBe(rows[0]!.id);
  });

  it('with a subscriber: the row, its event and the notification are all stored', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Watched line');
    const checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Watched round');
    expect((await team.admin.api.post(`documentation/folders/${folder.id}/subscription`, {})).status).toBe(200);
    const { response } = await counted(checklist.id, { ok: { value: true } });
    expect(response.status, response.text).toBe(201);
    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.documentId, checklist.id), eq(activityEvents.type, 'DataSubmitted')));
    expect(event).toBeDefined();
    const heard = await server.db.select().from(notifications).where(and(eq(notifications.userId, team.admin.id), eq(notifications.eventId, event!.id)));
    expect(heard).toHaveLength(1);
  });
});
