/** The personal API tokens' answers (issue #34; shared/api/api-tokens.ts, presenters; docs/decisions.md "API tokens"). */
import { z } from 'zod';
import { API_TOKEN_SCOPES } from '../../../shared/api/api-tokens.ts';
import { dateTime } from './list.ts';

export const apiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
  scope: z.enum(API_TOKEN_SCOPES as [string, ...string[]]),
  created_at: dateTime,
  expires_at: dateTime.nullable(),
  last_used_at: dateTime.nullable(),
}).meta({ id: 'ApiToken' });

/** POST auth/api-tokens: the token itself, this once. */
export const createdApiToken = apiToken.extend({ token: z.string().regex(/^rb_pat_/) }).meta({ id: 'CreatedApiToken' });

/** GET users/api-tokens: a member's token, for the organisation's admins. */
export const memberApiToken = apiToken.extend({ user: z.object({ id: z.uuid(), username: z.string(), full_name: z.string() }) }).meta({ id: 'MemberApiToken' });
