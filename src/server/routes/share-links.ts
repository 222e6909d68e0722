/**
 * `documentation/documents/{id}/share-links` (issue #29): a checklist's share links, made, listed and
 * revoked by people with Edit Permissions on it (services/checklists/share-links.ts). Mounted at
 * /documentation BEFORE the documentation area (src/server/api.ts), each route with its own authenticate
 * + requireMember, as routes/informed.ts: no `use('*')` here, which would sign in every documentation
 * call twice. What a share token itself may do is routes/shared-checklist.ts.
 */
import { Hono } from 'hono';
import { createShareLinkBody } from '../../shared/api/share-links-schemas.ts';
import { authenticate } from '../auth/authenticate.ts';
import { requireMember } from '../auth/membership.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { createShareLink, listShareLinks, revokeShareLink } from '../services/checklists/share-links.ts';

export const shareLinksApi = new Hono<MemberEnv>();

shareLinksApi.post('/documents/:id/share-links', authenticate, requireMember, async (c) => {
  const body = await jsonBody(c, createShareLinkBody);
  return c.json(await createShareLink(c.var.deps, c.var.member, c.req.param('id'), body), 201);
});

shareLinksApi.get('/documents/:id/share-links', authenticate, requireMember, async (c) => {
  return c.json(await listShareLinks(c.var.deps, c.var.member, c.req.param('id')));
});

shareLinksApi.delete('/documents/:id/share-links/:linkId', authenticate, requireMember, async (c) => {
  await revokeShareLink(c.var.deps, c.var.member, c.req.param('id'), c.req.param('linkId'));
  return c.body(null, 204);
});
