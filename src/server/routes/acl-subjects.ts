/** `auth/acl-subjects` (members: api.ts ACCESS): who an ACL entry or an assignment may name — the organisation, its roles, its users. */
import { Hono } from 'hono';
import type { MemberEnv } from '../env.ts';
import { aclSubjects as listAclSubjects } from '../services/documentation/acl.ts';

export const aclSubjects = new Hono<MemberEnv>();

aclSubjects.get('/', async (c) => c.json(await listAclSubjects(c.var.deps, c.var.member)));
