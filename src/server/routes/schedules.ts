/**
 * `workflow/schedules` (issue #44): recurring checks. The rules are in services/schedules/; the opening of
 * occurrences is the background pass (services/schedules/schedule-pass.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { listSchedulesQuery, occurrencesQuery, scheduleBody } from '../../shared/api/schedules-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { listOf } from '../openapi/answers/list.ts';
import { occurrence, schedule } from '../openapi/answers/schedules.ts';
import { operation } from '../openapi/operation.ts';
import { createSchedule, deleteSchedule, getSchedule, listOccurrences, listSchedules, updateSchedule } from '../services/schedules/schedules.ts';

export const schedulesApi = new Hono<MemberEnv>();

const params = z.object({ id: z.string() });

schedulesApi.get('/', operation({
  summary: 'List schedules',
  description: 'The organisation’s schedules on checklists you may read, or one checklist’s (document_id).',
  tag: 'Schedules',
  query: listSchedulesQuery,
  answers: { 200: listOf(schedule) },
  errors: [404],
}), async (c) => c.json(await listSchedules(c.var.deps, c.var.member, queryOf(c, listSchedulesQuery))));

schedulesApi.post('/', operation({
  summary: 'Schedule a checklist',
  description: 'Needs Write on the checklist. Each occurrence opens at a time of the rule (in the zone) for window_minutes, as an assignment.',
  tag: 'Schedules',
  body: scheduleBody,
  answers: { 201: schedule },
  errors: [403, 404],
}), async (c) => {
  const body = await jsonBody(c, scheduleBody);
  return c.json(await createSchedule(c.var.deps, c.var.member, body), 201);
});

schedulesApi.get('/:id', operation({ summary: 'One schedule', tag: 'Schedules', params, answers: { 200: schedule }, errors: [404] }), async (c) =>
  c.json(await getSchedule(c.var.deps, c.var.member, c.req.param('id'))),
);

schedulesApi.put('/:id', operation({
  summary: 'Change a schedule',
  description: 'The whole schedule again (its checklist stays); the occurrences change from the next one on.',
  tag: 'Schedules',
  params,
  body: scheduleBody,
  answers: { 200: schedule },
  errors: [403, 404],
}), async (c) => {
  const body = await jsonBody(c, scheduleBody);
  return c.json(await updateSchedule(c.var.deps, c.var.member, c.req.param('id'), body));
});

schedulesApi.delete('/:id', operation({
  summary: 'Delete a schedule',
  description: 'No more occurrences open; those opened keep their assignments.',
  tag: 'Schedules',
  params,
  answers: { 204: null },
  errors: [403, 404],
}), async (c) => {
  await deleteSchedule(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

schedulesApi.get('/:id/occurrences', operation({
  summary: 'A schedule’s occurrences',
  description: 'Those opened and those to come between from and to (epoch seconds; default the last 30 days and the next 7).',
  tag: 'Schedules',
  params,
  query: occurrencesQuery,
  answers: { 200: listOf(occurrence) },
  errors: [404],
}), async (c) => c.json(await listOccurrences(c.var.deps, c.var.member, c.req.param('id'), queryOf(c, occurrencesQuery))));
