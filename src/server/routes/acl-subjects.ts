/** `auth/acl-subjects`: who an ACL entry or an assignment may name — the organisation, its roles, its users. */
import { Hono } from 'hono';
import { authenticate } from '../auth/authenticate.ts';
import type { AppEnv } from '../env.ts';
import { aclSubjects as listAclSubjects } from '../services/documentation/acl.ts';

export const aclSubjects = new Hono<AppEnv>();
aclSubjects.use('*', authenticate);

aclSubjects.get('/', async (c) => c.json(await listAclSubjects(c.get('deps'), c.get('caller'))));
