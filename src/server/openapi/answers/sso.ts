/** The SSO connection calls' answers (issue #48; shared/api/sso.ts, presenters/sso.ts; docs/sso.md). */
import { z } from 'zod';
import { dateTime } from './list.ts';

export const ssoConnection = z.object({
  issuer: z.string(),
  client_id: z.string(),
  domains: z.array(z.string()),
  default_role_id: z.uuid().nullable(),
  required: z.boolean(),
  break_glass_user_ids: z.array(z.uuid()),
  /** Register it at the provider as the redirect URI. */
  redirect_uri: z.string(),
  /** Register it at the provider for back-channel logout. */
  backchannel_logout_uri: z.string(),
  updated_at: dateTime,
}).meta({ id: 'SsoConnection' });
