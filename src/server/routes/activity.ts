/** `activity`: the organisation's activity log (accounts §2 Activity Log), for org admins (403 for others: api.ts ACCESS). */
import { Hono } from 'hono';
import { listActivityQuery } from '../../shared/api/activity-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { queryOf } from '../http/query.ts';
import { activityEntry } from '../openapi/answers/admin.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { listActivity } from '../services/activity-log.ts';

export const activityApi = new Hono<MemberEnv>();

activityApi.get('/', operation({
  summary: 'The activity log',
  description: 'Newest first. Past the page, total counts at most skip + limit + 1000 (“at least”).',
  tag: 'Activity',
  query: listActivityQuery,
  answers: { 200: listOf(activityEntry) },
}), async (c) => {
  const page = queryOf(c, listActivityQuery);
  return c.json(await listActivity(c.var.deps, c.var.member, page));
});
