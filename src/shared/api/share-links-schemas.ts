/**
 * The zod schemas of the share-link calls (issue #29): the body of POST
 * documentation/documents/{id}/share-links. The browser takes the types from `./share-links.ts`.
 */
import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED } from './contents.ts';
import { sentence } from './field-errors.ts';
import { MAX_SHARE_LINK_NAME_LENGTH } from './share-links.ts';

export const shareLinkName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, sentence('Name is required'))
  .max(MAX_SHARE_LINK_NAME_LENGTH, sentence(`Name must be at most ${MAX_SHARE_LINK_NAME_LENGTH} characters`))
  .refine(isWellFormed, `name ${NOT_WELL_FORMED}`);

/** `expires_at`: an ISO 8601 date-time with its zone (whether it lies ahead is the service's check), or null. */
export const createShareLinkBody = z.object({
  name: shareLinkName,
  expires_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time with a time zone' }).nullable().optional(),
});
export type CreateShareLinkParsed = z.output<typeof createShareLinkBody>;
