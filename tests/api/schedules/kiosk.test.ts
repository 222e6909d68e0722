/**
 * A kiosk station's schedule (issue #44): a schedule given to a share link; GET share/schedule says what is
 * due now, what is next and what was done today; a submission through the link completes the open one.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulePass } from '../../../src/server/services/schedules/schedule-pass.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { makeChecklist, makeShareLink, makeTeam, question, type Team } from '../support/factories.ts';
import type { Json } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer({ env: { SCHEDULE_INTERVAL_MS: String(60 * 60 * 1000) } });
let team: Team;
afterEach(() => server.clock.reset());

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
});

describe('GET share/schedule', () => {
  it('Due now, Next and done today; a submission through the link completes the open occurrence', async () => {
    const doc = await makeChecklist(team.admin, { t: question('text', { required: false }) }, 'root', 'Forklift');
    const link = await makeShareLink(team.admin, doc.id);
    const kiosk = server.client(link.token);
    server.clock.freeze(new Date('2026-12-07T04:00:00Z'));
    const made = await team.admin.api.post(paths.workflow.schedules, {
      object_id: doc.id,
      assigned_to: { type: 'share_link', id: link.id },
      rrule: 'FREQ=DAILY;BYHOUR=6,14;BYMINUTE=0',
      timezone: 'Europe/Berlin',
      window_minutes: 120,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.assigned_to).toMatchObject({ type: 'share_link', id: link.id, name: link.name });

    const before = await kiosk.get(paths.share.schedule);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toEqual({ due_now: [], next: { due_at: '2026-12-07T05:00:00.000Z', closes_at: '2026-12-07T07:00:00.000Z' }, done_today: [] });

    server.clock.freeze(new Date('2026-12-07T05:10:00Z'));
    await runSchedulePass({ db: server.db, now: server.deps.now });
    const due = (await kiosk.get(paths.share.schedule)).body;
    expect(due.due_now.map((o: Json) => [o.due_at, o.status])).toEqual([['2026-12-07T05:00:00.000Z', 'open']]);
    expect(due.next.due_at).toBe('2026-12-07T13:00:00.000Z');

    const sent = await kiosk.post(paths.share.submit(doc.id), { record: { t: { value: 'forks fine' } } });
    expect(sent.status, sent.text).toBe(201);
    const after = (await kiosk.get(paths.share.schedule)).body;
    expect(after.due_now).toEqual([]);
    expect(after.done_today).toEqual([expect.objectContaining({ status: 'done', submission_id: sent.body.id, completed_by_username: `share: ${link.name}` })]);

    // A member sees it done too.
    const list = await team.admin.api.get(`${paths.workflow.occurrences(made.body.id)}?from=${Date.parse('2026-12-07T00:00:00Z') / 1000}&to=${Date.parse('2026-12-07T12:00:00Z') / 1000}`);
    expect(list.body.results.map((o: Json) => o.status)).toEqual(['done']);
  });

  it('a link without a schedule: nothing due; members get 401 for the share-only call', async () => {
    const doc = await makeChecklist(team.admin, {}, 'root');
    const link = await makeShareLink(team.admin, doc.id);
    expect((await server.client(link.token).get(paths.share.schedule)).body).toEqual({ due_now: [], next: null, done_today: [] });
    expect((await team.admin.api.get(paths.share.schedule)).status).toBe(401);
  });
});
