/**
 * Checklist data (documentation §7): `documentation/documents/{id}/data` (submit, list) and
 * `documentation/documents/documentdata/{id}` (one row). Mounted inside the documentation area: every
 * call is a signed-in member's (api.ts ACCESS); the services decide permissions and scope everything to the caller's organisation.
 */
import { Hono } from 'hono';
import { dataQuery } from '../../shared/api/documentation-schemas.ts';
import { submissionBody } from '../../shared/checklists/schemas.ts';
import type { MemberEnv } from '../env.ts';
import { submittedRowAnswer } from '../openapi/answers/checklists.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { jsonBody } from '../http/body.ts';
import { keySettledInWork } from '../http/idempotency.ts';
import { queryOf } from '../http/query.ts';
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
    return c.json(await submitChecklist(c.var.deps, c.var.member, c.req.param('id'), body, c.var.keyInWork), 201);
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
  '/documents/documentdata/:id',
  operation({ summary: 'Get one submitted row', tag: 'Checklist data', answers: { 200: submittedRowAnswer }, errors: [404] }),
  async (c) => {
    return c.json(await submittedRow(c.var.deps, c.var.member, c.req.param('id')));
  },
);
