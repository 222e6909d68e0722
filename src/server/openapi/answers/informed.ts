/**
 * Staying informed's answers (shared/api/notifications.ts, presenters/notifications.ts) as zod, for the OpenAPI
 * document (issue #34): favourites, subscriptions, notifications. Server only.
 */
import { z } from 'zod';
import type { ActivityType } from '../../../shared/api/activity.ts';
import { doctype, id, itemKind, subscriptionOptions, time } from './documentation.ts';

/** Every activity type (shared/api/activity.ts); the checks below fail to compile when the two part. */
const ACTIVITY_TYPES = [
  'FolderCreated',
  'FolderUpdated',
  'FolderDeleted',
  'FolderRestored',
  'FolderMoved',
  'FolderCopied',
  'FolderLabelsPrinted',
  'FolderACLUpdated',
  'DocumentCreated',
  'DocumentUpdated',
  'DocumentDeleted',
  'DocumentRestored',
  'DocumentMoved',
  'DocumentCopied',
  'DocumentACLUpdated',
  'DocumentAssigned',
  'FolderAssigned',
  'DataSubmitted',
  'ShareLinkCreated',
  'ShareLinkRevoked',
  'UserCreated',
  'UserUpdated',
  'UserDeleted',
  'RoleCreated',
  'RoleUpdated',
  'RoleDeleted',
  'InvitationSent',
  'InvitationAccepted',
  'InvitationDeclined',
  'ApiTokenCreated',
  'ApiTokenUsed',
  'ApiTokenRevoked',
  'AssignmentCompleted',
  'AssignmentOverdue',
  'OccurrenceMissed',
  'ScheduleCreated',
  'ScheduleUpdated',
  'ScheduleDeleted',
  'SsoConnectionCreated',
  'SsoConnectionUpdated',
  'SsoConnectionDeleted',
  'SsoAccountCreated',
  'SsoAccountLinked',
  'OrganisationExported',
] as const satisfies readonly ActivityType[];
type Missing = Exclude<ActivityType, (typeof ACTIVITY_TYPES)[number]>;
const everyType: [Missing] extends [never] ? true : Missing = true;
void everyType;

export const activityType = z.enum(ACTIVITY_TYPES);

export const favouriteEntryAnswer = z.object({
  kind: itemKind,
  item_id: id,
  name: z.string(),
  description: z.string(),
  doctype: doctype.nullable(),
}).meta({ id: 'Favourite' });

export const subscriptionEntryAnswer = favouriteEntryAnswer.extend({ subscription_options: subscriptionOptions }).meta({ id: 'Subscription' });

export const notificationAnswer = z.object({
  id,
  read_at: time.nullable().meta({ description: 'Null while unread' }),
  activity_type: activityType,
  activity_time: time,
  username: z.string().nullable(),
  context_data: z.record(z.string(), z.unknown()).meta({ description: "The event's record (empty when the item can no longer be read)" }),
  item: z.object({ kind: itemKind, id, name: z.string(), doctype: doctype.nullable() }).nullable(),
}).meta({ id: 'Notification' });

export const notificationListAnswer = z.object({
  results: z.array(notificationAnswer),
  total: z.int().min(0),
  unread: z.int().min(0),
}).meta({ id: 'NotificationList' });
