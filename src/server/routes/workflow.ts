/**
 * `workflow/assignments` (documentation §3 Assignment, §7; issue #12): assign a folder or document, list
 * mine (or one item's), claim, unclaim and complete. The rules are in services/assignments/assignments.ts.
 * `{kind}` is `document` or `folder` (corrections too for claim, unclaim and complete); any other is 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ASSIGNABLE_KINDS, ASSIGNMENT_KINDS, createAssignmentBody, listAssignmentsQuery } from '../../shared/api/assignments-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { assignment, firstSteps as firstStepsAnswer } from '../openapi/answers/workflow.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import {
  assignmentNotFound,
  claimAssignment,
  completeAssignment,
  createAssignment,
  listAssignments,
  unclaimAssignment,
} from '../services/assignments/assignments.ts';
import { firstSteps } from '../services/first-steps.ts';

export const workflow = new Hono<MemberEnv>();

// The dashboard's first steps (issue #32): services/first-steps.ts.
workflow.get('/first-steps', operation({
  summary: 'The dashboard’s first steps',
  tag: 'Assignments',
  answers: { 200: firstStepsAnswer },
}), async (c) => c.json(await firstSteps(c.var.deps, c.var.member)));

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

workflow.get('/assignments', operation({
  summary: 'List assignments',
  description: 'Mine (to me, my roles or the organisation), or one item’s.',
  tag: 'Assignments',
  query: listAssignmentsQuery,
  answers: { 200: listOf(assignment) },
  errors: [404],
}), async (c) => {
  const query = queryOf(c, listAssignmentsQuery);
  return c.json(await listAssignments(c.var.deps, c.var.member, query));
});

workflow.post('/assignments/:kind', operation({
  summary: 'Assign a folder or document',
  description: '{kind} is document or folder.',
  tag: 'Assignments',
  params: z.object({ kind: z.enum(ASSIGNABLE_KINDS) }),
  body: createAssignmentBody,
  answers: { 201: assignment },
  errors: [403, 404, 409],
}), async (c) => {
  const kind = c.req.param('kind');
  if (!isOneOf(ASSIGNABLE_KINDS, kind)) throw notFound();
  const body = await jsonBody(c, createAssignmentBody);
  return c.json(await createAssignment(c.var.deps, c.var.member, kind, body), 201);
});

const transitions = { claim: claimAssignment, unclaim: unclaimAssignment, complete: completeAssignment } as const;

for (const [step, run] of Object.entries(transitions)) {
  const summary = { claim: 'Claim an assignment', unclaim: 'Give an assignment back', complete: 'Complete an assignment' }[step];
  const description = '{kind} is document, folder or correction.';
  const params = z.object({ kind: z.enum(ASSIGNMENT_KINDS), id: z.string() });
  const describe = operation({
    summary: summary!,
    description,
    tag: 'Assignments',
    params,
    answers: { 200: assignment },
    errors: [403, 404, 409],
  });
  workflow.post(`/assignments/:kind/:id/${step}`, describe, async (c) => {
    const kind = c.req.param('kind');
    if (!isOneOf(ASSIGNMENT_KINDS, kind)) throw assignmentNotFound();
    return c.json(await run(c.var.deps, c.var.member, kind, c.req.param('id')));
  });
}
