/** `auth/acl-subjects`: who an ACL entry or an assignment may name — the organisation, its roles, its users. */
import { Hono } from 'hono';
import { authenticate } from '../auth/authenticate.ts';
import { requireMember } from '../auth/membership.ts';
import type { MemberEnv } from '../env.ts';
import { aclSubjects as listAclSubjects } from '../services/documentation/acl.ts';

export const aclSubjects = new Hono<MemberEnv>();
aclSubjects.use('*', authenticate, requireMember);

aclSubjects.get('/', async (c) => c.json(await listAclSubjects(c.var.deps, c.var.member)));
