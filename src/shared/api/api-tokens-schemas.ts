/**
 * The zod schemas of the API token calls (issue #34): the body of POST auth/api-tokens and the query of
 * GET users/api-tokens. The browser takes the types from `./api-tokens.ts`.
 */
import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED } from './contents.ts';
import { sentence } from './field-errors.ts';
import { API_TOKEN_SCOPES, MAX_API_TOKEN_NAME_LENGTH } from './api-tokens.ts';
import { limitParam, skipParam } from './query-params.ts';

export const apiTokenName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, sentence('Name is required'))
  .max(MAX_API_TOKEN_NAME_LENGTH, sentence(`Name must be at most ${MAX_API_TOKEN_NAME_LENGTH} characters`))
  .refine(isWellFormed, `name ${NOT_WELL_FORMED}`);

/** `expires_at`: an ISO 8601 date-time with its zone (whether it lies ahead is the service's check), or null. */
export const createApiTokenBody = z.strictObject({
  name: apiTokenName,
  organization_id: z.uuid({ error: 'must be a valid id' }),
  scope: z.enum(API_TOKEN_SCOPES as ['read', 'read-write'], { error: "must be 'read' or 'read-write'" }),
  expires_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time with a time zone' }).nullable().optional(),
});
export type CreateApiTokenParsed = z.output<typeof createApiTokenBody>;

/** GET users/api-tokens: a page of the organisation's live tokens, newest first. */
export const listMemberApiTokensQuery = z.object({
  skip: skipParam(1_000_000_000),
  limit: limitParam(1000, 100),
});
export type ListMemberApiTokensQuery = z.output<typeof listMemberApiTokensQuery>;
