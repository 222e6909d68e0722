/**
 * Share links' answers (shared/api/share-links.ts, presenters/share-links.ts) as zod, for the OpenAPI document
 * (issue #34): a link as its manager sees it, and the checklist a share token opens. Server only.
 */
import { z } from 'zod';
import { checklistDocument, id, time } from './documentation.ts';

export const shareLinkAnswer = z.object({
  id,
  name: z.string(),
  token: z.string().meta({ description: '`share_…`: `Authorization: Bearer {token}`' }),
  url: z.string().meta({ description: 'The public fill page, `{PUBLIC_URL}/fill/{token}`' }),
  created_at: time,
  expires_at: time.nullable(),
  created_by_username: z.string().nullable(),
}).meta({ id: 'ShareLink' });

/** The link's checklist at its latest published version, as a reader gets it, with the link and the organisation's name. */
export const sharedChecklistAnswer = checklistDocument.extend({
  share_link: z.object({ name: z.string(), expires_at: time.nullable() }),
  organization_name: z.string(),
}).meta({ id: 'SharedChecklist' });
