/**
 * The zod schemas of the webhooks calls (issue #34): the body of POST webhooks and PUT webhooks/{id},
 * the delivery log's paging. The browser takes the types from `./webhooks.ts`.
 */
import { z } from 'zod';
import { sentence } from './field-errors.ts';
import { limitParam, skipParam } from './query-params.ts';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES } from './webhooks.ts';

/** An absolute http or https address (whether it may be reached is checked when sending: the SSRF rule). */
export const webhookUrl = z
  .string({ error: 'url must be a string' })
  .trim()
  .min(1, sentence('URL is required'))
  .max(MAX_WEBHOOK_URL_LENGTH, sentence(`URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, sentence('URL must be an http or https address (https recommended), without a user name or password'));

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'events must be a list' })
  .min(1, sentence('Choose at least one event'))
  .transform((events) => [...new Set(events)]);

const folderId = z.uuid({ error: 'folder_id must be a folder id' }).nullable().optional();

export const createWebhookBody = z.object({ url: webhookUrl, events: webhookEvents, folder_id: folderId });
export type CreateWebhookParsed = z.output<typeof createWebhookBody>;

export const updateWebhookBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  folder_id: folderId,
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type UpdateWebhookParsed = z.output<typeof updateWebhookBody>;

export const listWebhookAttemptsQuery = z.object({ skip: skipParam(), limit: limitParam(200, 50) });
export type ListWebhookAttemptsParsed = z.output<typeof listWebhookAttemptsQuery>;
