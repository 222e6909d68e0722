/** `activity`: the organisation's activity log (accounts §2 Activity Log), for org admins (403 for others: api.ts ACCESS). */
import { Hono } from 'hono';
import { listActivityQuery } from '../../shared/api/activity-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { queryOf } from '../http/query.ts';
import { listActivity } from '../services/activity-log.ts';

export const activityApi = new Hono<MemberEnv>();

activityApi.get('/', async (c) => {
  const page = queryOf(c, listActivityQuery);
  return c.json(await listActivity(c.var.deps, c.var.member, page));
});
