/**
 * `workflow/assignments` (documentation §3 Assignment, §7; issue #12): assign a folder or document, list
 * mine (or one item's), claim, unclaim and complete. The rules are in services/assignments/assignments.ts.
 * `{kind}` is `document` or `folder` (corrections too for claim, unclaim and complete); any other is 404.
 */
import { Hono } from 'hono';
import { ASSIGNABLE_KINDS, ASSIGNMENT_KINDS, createAssignmentBody, listAssignmentsQuery } from '../../shared/api/assignments-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
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
workflow.get('/first-steps', async (c) => c.json(await firstSteps(c.var.deps, c.var.member)));

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

workflow.get('/assignments', async (c) => {
  const query = queryOf(c, listAssignmentsQuery);
  return c.json(await listAssignments(c.var.deps, c.var.member, query));
});

workflow.post('/assignments/:kind', async (c) => {
  const kind = c.req.param('kind');
  if (!isOneOf(ASSIGNABLE_KINDS, kind)) throw notFound();
  const body = await jsonBody(c, createAssignmentBody);
  return c.json(await createAssignment(c.var.deps, c.var.member, kind, body), 201);
});

const transitions = { claim: claimAssignment, unclaim: unclaimAssignment, complete: completeAssignment } as const;

for (const [step, run] of Object.entries(transitions)) {
  workflow.post(`/assignments/:kind/:id/${step}`, async (c) => {
    const kind = c.req.param('kind');
    if (!isOneOf(ASSIGNMENT_KINDS, kind)) throw assignmentNotFound();
    return c.json(await run(c.var.deps, c.var.member, kind, c.req.param('id')));
  });
}
