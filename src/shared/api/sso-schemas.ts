/** The zod schema of PUT sso/connection (issue #48); the browser takes the types from `./sso.ts`. */
import { z } from 'zod';
import { sentence } from './field-errors.ts';

const MAX_DOMAINS = 50;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An absolute http(s) address without credentials, query or fragment (whether it may be reached is the SSRF rule's, when saved). */
const issuer = z
  .string({ error: 'issuer must be a string' })
  .trim()
  .min(1, sentence('Issuer URL is required'))
  .max(2000, sentence('Issuer URL must be at most 2000 characters'))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
    } catch {
      return false;
    }
  }, sentence('Issuer URL must be an https address, without a query'))
  .transform((value) => value.replace(/\/+$/, ''));

const domains = z
  .array(
    z
      .string({ error: 'each domain must be a string' })
      .trim()
      .toLowerCase()
      .transform((d) => d.replace(/^@/, ''))
      .refine((d) => DOMAIN.test(d), sentence('Each e-mail domain must be a domain name, such as example.com')),
    { error: 'domains must be a list' },
  )
  .min(1, sentence('Add at least one e-mail domain'))
  .max(MAX_DOMAINS, sentence(`At most ${MAX_DOMAINS} e-mail domains`))
  .transform((list) => [...new Set(list)]);

export const ssoConnectionBody = z.object({
  issuer,
  client_id: z.string({ error: 'client_id must be a string' }).trim().min(1, sentence('Client ID is required')).max(500, sentence('Client ID must be at most 500 characters')),
  client_secret: z.string({ error: 'client_secret must be a string' }).min(1, sentence('Client secret is required')).max(2000, sentence('Client secret must be at most 2000 characters')).optional(),
  domains,
  default_role_id: z.uuid({ error: 'default_role_id must be a role id' }).nullable().optional(),
  required: z.boolean({ error: 'required must be true or false' }).optional(),
  break_glass_user_ids: z
    .array(z.uuid({ error: 'break_glass_user_ids must hold user ids' }), { error: 'break_glass_user_ids must be a list' })
    .max(20)
    .optional(),
});
export type SsoConnectionParsed = z.output<typeof ssoConnectionBody>;
