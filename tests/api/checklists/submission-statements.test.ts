/**
 * The submission hot path's round trips (issue #8's throughput, issue #4's kiosks): a submission to a
 * checklist nobody subscribed to, without photos or corrective actions, is the caller, the checklist, its
 * audience (who would hear of it: nobody) beside the assignments it would complete (issue #44: none; the
 * two reads leave at once, one round trip) and ONE statement that stores the row with its event — no
 * transaction around it (BEGIN and COMMIT are round trips too). With a subscriber the row and its
 * notification are still stored together (submission-atomic.test.ts holds the all-or-nothing).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, notifications } from '../../../src/server/db/schema.ts';
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

describe('statements per submission', () => {
  it('nobody to tell, no photos, no corrections, nothing to complete: five statements, no transaction', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Quiet line');
    const checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Quiet round');
    await submit(team.member, checklist.id, { ok: { value: true } }); // warm: the caller's session touched, statements prepared
    const { response, sent } = await counted(checklist.id, { ok: { value: false } });
    expect(response.status, response.text).toBe(201);
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(5);
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
