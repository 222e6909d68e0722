/**
 * The zod schemas of the staying-informed calls (favourites, subscriptions, notifications): request bodies
 * and queries. The server validates with them; the browser takes the types from `./notifications.ts`.
 */
import { z } from 'zod';
import { pageQuery } from './documentation-schemas.ts';

/** POST documentation/{folders|documents}/{id}/subscription: both options false when left out; unknown keys refused. */
export const subscribeBody = z.strictObject(
  {
    validation_errors_only: z.boolean({ error: 'validation_errors_only must be true or false' }).default(false),
    email_notifications: z.boolean({ error: 'email_notifications must be true or false' }).default(false),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : 'the body must be an object') },
);
export type SubscribeInput = z.output<typeof subscribeBody>;

/** At most this many ids in one mark-read call (Clear All sends the panel's page). */
export const MAX_MARK_READ = 1000;

/** POST documentation/notifications/mark-read: the body IS the list of notification ids. */
export const markReadBody = z
  .array(z.uuid({ error: 'must be a valid id' }), { error: 'the body must be a list of notification ids' })
  .max(MAX_MARK_READ, `at most ${MAX_MARK_READ} ids`);

/** GET documentation/notifications?skip&limit (newest first). */
export const notificationsQuery = pageQuery;
