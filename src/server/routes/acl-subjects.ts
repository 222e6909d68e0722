/** `auth/acl-subjects` (members: api.ts ACCESS): who an ACL entry or an assignment may name — the organisation, its roles, its users. */
import { Hono } from 'hono';
import type { MemberEnv } from '../env.ts';
import { aclSubject } from '../openapi/answers/admin.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { aclSubjects as listAclSubjects } from '../services/documentation/acl.ts';

export const aclSubjects = new Hono<MemberEnv>();

aclSubjects.get('/', operation({
  summary: 'Who an access entry or an assignment may name',
  description: 'The organisation, its roles and its members.',
  tag: 'Permissions',
  answers: { 200: listOf(aclSubject) },
}), async (c) => c.json(await listAclSubjects(c.var.deps, c.var.member)));
