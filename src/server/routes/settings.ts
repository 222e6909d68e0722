/** `settings…`: General Settings' own reads (accounts §2 Admin screens, /admin/settings), for org admins (403 for others: api.ts ACCESS). */
import { Hono } from 'hono';
import type { MemberEnv } from '../env.ts';
import { mailFailures as mailFailuresAnswer } from '../openapi/answers/admin.ts';
import { operation } from '../openapi/operation.ts';
import { mailFailures } from '../services/mail-failures.ts';

export const settingsApi = new Hono<MemberEnv>();

/** The organisation's mail that could not be delivered: how many, the last error and when. */
settingsApi.get('/mail-failures', operation({
  summary: 'Mail that could not be delivered',
  tag: 'Settings',
  answers: { 200: mailFailuresAnswer },
}), async (c) => c.json(await mailFailures(c.var.deps, c.var.member)));
