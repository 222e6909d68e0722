/**
 * Checklist data (documentation §7): `documentation/documents/{id}/data` (submit, list) and
 * `documentation/documents/documentdata/{id}` (one row). Mounted inside the documentation area: every
 * call is a signed-in member's (api.ts ACCESS); the services decide permissions and scope everything to the caller's organisation.
 */
import { Hono } from 'hono';
import { analyticsQuery } from '../../shared/api/analytics-schemas.ts';
import { dataQuery } from '../../shared/api/documentation-schemas.ts';
import { submissionBody } from '../../shared/checklists/schemas.ts';
import type { MemberEnv } from '../env.ts';
import { analyticsAnswer, submittedRowAnswer } from '../openapi/answers/checklists.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { jsonBody } from '../http/body.ts';
import { keySettledInWork } from '../http/idempotency.ts';
import { queryOf } from '../http/query.ts';
import { checklistAnalytics } from '../services/checklists/analytics.ts';
import { checklistData as listData, submitChecklist, submittedRow } from '../services/checklists/submissions.ts';

export const checklistData = new Hono<MemberEnv>();

checklistData.post(
  '/documents/:id/data',
  operation({
    summary: 'Submit a checklist',
    description: 'An `Idempotency-Key` header makes a retry answer the first submission (with `Idempotent-Replayed: true`).',
    tag: 'Checklist data',
    body: submissionBody,
    answers: { 201: submittedRowAnswer },
    errors: [403, 404],
  }),
  // Its Idempotency-Key is claimed and answered in the submission's own transaction (a kiosk's retry lands once, crash or not).
  keySettledInWork,
  async (c) => {
    const body = await jsonBody(c, submissionBody);
    return c.json(await submitChecklist(c.var.deps, c.var.member, c.req.param('id'), body, c.var.keyInWork, c.var.signedInRead), 201);
  },
);

checklistData.get(
  '/documents/:id/data',
  operation({
    summary: 'List a checklist’s submitted rows',
    description: 'Newest first, in the time window; for a result sheet or report, `form_id` names one of its checklists.',
    tag: 'Checklist data',
    query: dataQuery,
    answers: { 200: listOf(submittedRowAnswer) },
    errors: [404],
  }),
  async (c) => {
    const query = queryOf(c, dataQuery);
    return c.json(await listData(c.var.deps, c.var.member, c.req.param('id'), query));
  },
);

checklistData.get(
  '/documents/:id/analytics',
  operation({
    summary: 'A checklist’s, result sheet’s or report’s results over time',
    description:
      'Submissions and each question’s answers per day, week or month of `tz` (epoch-second `start_time` ≤ created_at < `end_time`, at most 5 years), counted by the database: valid and failing, how often each answer was given, a number question’s min, median and max. The same filters as the data call. For a result sheet or report: its rows per bucket of their time, each number or decimal column’s answers per bucket of the row’s time and each date-time column’s per bucket of the answer’s own date (no submitters; the filters do not apply).',
    tag: 'Checklist data',
    query: analyticsQuery,
    answers: { 200: analyticsAnswer },
    errors: [400, 404],
  }),
  async (c) => {
    const query = queryOf(c, analyticsQuery);
    return c.json(await checklistAnalytics(c.var.deps, c.var.member, c.req.param('id'), query));
  },
);

checklistData.get(
  '/documents/documentdata/:id',
  operation({ summary: 'Get one submitted row', tag: 'Checklist data', answers: { 200: submittedRowAnswer }, errors: [404] }),
  async (c) => {
    return c.json(await submittedRow(c.var.deps, c.var.member, c.req.param('id')));
  },
);
