/**
 * `documentation/documents/{id}/share-links` (issue #29): a checklist's share links, made, listed and
 * revoked by people with Edit Permissions on it (services/checklists/share-links.ts); any member may ask
 * (api.ts ACCESS), the service decides. What a share token itself may do is routes/shared-checklist.ts.
 */
import { Hono } from 'hono';
import { createShareLinkBody } from '../../shared/api/share-links-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { listOf } from '../openapi/answers/list.ts';
import { shareLinkAnswer } from '../openapi/answers/share-links.ts';
import { operation } from '../openapi/operation.ts';
import { jsonBody } from '../http/body.ts';
import { createShareLink, listShareLinks, revokeShareLink } from '../services/checklists/share-links.ts';

export const shareLinksApi = new Hono<MemberEnv>();

shareLinksApi.post(
  '/documents/:id/share-links',
  operation({
    summary: 'Create a share link for a checklist',
    description: 'Needs Edit Permissions on the checklist.',
    tag: 'Share links',
    body: createShareLinkBody,
    answers: { 201: shareLinkAnswer },
    errors: [403, 404],
  }),
  async (c) => {
    const body = await jsonBody(c, createShareLinkBody);
    return c.json(await createShareLink(c.var.deps, c.var.member, c.req.param('id'), body), 201);
  },
);

shareLinksApi.get(
  '/documents/:id/share-links',
  operation({ summary: 'List a checklist’s share links', tag: 'Share links', answers: { 200: listOf(shareLinkAnswer) }, errors: [403, 404] }),
  async (c) => {
    return c.json(await listShareLinks(c.var.deps, c.var.member, c.req.param('id')));
  },
);

shareLinksApi.delete(
  '/documents/:id/share-links/:linkId',
  operation({ summary: 'Revoke a share link', tag: 'Share links', answers: { 204: null }, errors: [403, 404] }),
  async (c) => {
    await revokeShareLink(c.var.deps, c.var.member, c.req.param('id'), c.req.param('linkId'));
    return c.body(null, 204);
  },
);
