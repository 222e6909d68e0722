/**
 * Submissions made offline (issue #44, "Kiosk stations"): a submission made offline counts for the
 * occurrence whose window held when it was made. A share link's (a kiosk station's) submission may say when
 * it was made (`made_at`, ISO 8601): not in the future, not older than 7 days; a member's `made_at` is
 * ignored (the server's clock decides). Injected clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runSchedulePass } from '../../../src/server/services/schedules/schedule-pass.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { makeChecklist, makeShareLink, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient, Json } from '../support/http.ts';

const server = useTestServer({ env: { SCHEDULE_INTERVAL_MS: String(60 * 60 * 1000) } });
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
});

const pass = () => runSchedulePass({ db: server.db, now: server.deps.now });
const at = (iso: string) => server.clock.freeze(new Date(iso));

/** A checklist, its share link (a kiosk station) and a daily 06:00 Berlin schedule given to it, window 60 minutes. */
async function station(name: string, body: Record<string, unknown> = {}) {
  at('2026-12-07T04:00:00Z');
  const doc = await makeChecklist(team.admin, { q: question('text', { required: false }) }, 'root', name);
  const link = await makeShareLink(team.admin, doc.id, `${name} station`);
  const res = await team.admin.api.post(paths.workflow.schedules, {
    object_id: doc.id,
    assigned_to: { type: 'share_link', id: link.id },
    rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0',
    timezone: 'Europe/Berlin',
    window_minutes: 60,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return { doc, client: server.client(link.token), scheduleId: (res.body as Json).id as string };
}
const send = (client: ApiClient, documentId: string, extra: Record<string, unknown> = {}) =>
  client.post(paths.documentation.data(documentId), { record: { q: { value: 'cold' } }, ...extra });
const statuses = async (scheduleId: string) => {
  const res = await team.admin.api.get(`${paths.workflow.occurrences(scheduleId)}?from=${Date.parse('2026-12-08T00:00:00Z') / 1000}&to=${Date.parse('2026-12-08T23:00:00Z') / 1000}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.results as Json[]).map((o) => o.status);
};

describe('a kiosk station’s submission made offline', () => {
  it('made inside the window, sent after it closed (and was marked missed): the occurrence is done', async () => {
    const { doc, client, scheduleId } = await station('Cold room A');
    at('2026-12-08T05:00:30Z');
    await pass(); // the 8th's window opens: 05:00–06:00 UTC
    at('2026-12-08T06:30:00Z');
    await pass(); // closed without a submission: missed
    expect(await statuses(scheduleId)).toEqual(['missed']);
    const res = await send(client, doc.id, { made_at: '2026-12-08T05:20:00Z' });
    expect(res.status, res.text).toBe(201);
    const [occurrence] = (
      await team.admin.api.get(`${paths.workflow.occurrences(scheduleId)}?from=${Date.parse('2026-12-08T00:00:00Z') / 1000}&to=${Date.parse('2026-12-08T23:00:00Z') / 1000}`)
    ).body.results as Json[];
    expect(occurrence).toMatchObject({ status: 'done', submission_id: res.body.id });
  });

  it('made before the pass opened it (the server lagged), sent later: done', async () => {
    const { doc, client, scheduleId } = await station('Cold room B');
    at('2026-12-08T05:40:00Z');
    await pass(); // opened late by the server
    at('2026-12-08T05:50:00Z');
    expect((await send(client, doc.id, { made_at: '2026-12-08T05:10:00Z' })).status).toBe(201);
    expect(await statuses(scheduleId)).toEqual(['done']);
  });

  it('without made_at, a submission after the window completes nothing; made after the window, neither', async () => {
    const { doc, client, scheduleId } = await station('Cold room C');
    at('2026-12-08T05:00:30Z');
    await pass();
    at('2026-12-08T06:30:00Z');
    await pass();
    expect((await send(client, doc.id)).status).toBe(201);
    expect((await send(client, doc.id, { made_at: '2026-12-08T06:10:00Z' })).status).toBe(201);
    expect(await statuses(scheduleId)).toEqual(['missed']);
  });

  it('made inside the window of a schedule that allows late submissions, sent late: done, not late', async () => {
    const { doc, client, scheduleId } = await station('Cold room D', { allow_late: true });
    at('2026-12-08T05:00:30Z');
    await pass();
    at('2026-12-08T07:30:00Z');
    expect((await send(client, doc.id, { made_at: '2026-12-08T05:59:00Z' })).status).toBe(201);
    expect(await statuses(scheduleId)).toEqual(['done']);
  });

  it.each([
    ['in the future', '2026-12-08T08:05:00Z'],
    ['older than 7 days', '2026-11-30T07:59:00Z'],
    ['not a time', 'yesterday'],
  ])('made_at %s: 422 naming made_at', async (_what, madeAt) => {
    const { doc, client } = await station(`Cold room ${madeAt}`);
    at('2026-12-08T08:00:00Z');
    const res = await send(client, doc.id, { made_at: madeAt });
    expect(res.status, res.text).toBe(422);
    expect(JSON.stringify(res.body)).toContain('made_at');
  });

  it('a member’s made_at is not taken: the server’s clock decides', async () => {
    const doc = await makeChecklist(team.admin, { q: question('text', { required: false }) }, 'root', 'Ladder');
    at('2026-12-07T04:00:00Z');
    const made = await team.admin.api.post(paths.workflow.schedules, {
      object_id: doc.id,
      assigned_to: { type: 'role', id: team.role.id },
      rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0',
      timezone: 'Europe/Berlin',
      window_minutes: 60,
    });
    expect(made.status, made.text).toBe(201);
    at('2026-12-08T05:00:30Z');
    await pass();
    at('2026-12-08T06:30:00Z');
    await pass();
    const res = await team.roleMember.api.post(paths.documentation.data(doc.id), { record: { q: { value: 'ok' } }, made_at: '2026-12-08T05:20:00Z' });
    expect(res.status, res.text).toBe(201);
    expect(await statuses(made.body.id)).toEqual(['missed']);
  });
});
