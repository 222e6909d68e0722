/**
 * The answers of the admin area's reads (activity, settings, auth/acl-subjects; shared/api/activity.ts,
 * settings.ts, documentation.ts AclSubject), as zod schemas for the OpenAPI document.
 */
import { z } from 'zod';
import { DOCTYPES } from '../../../shared/api/documentation.ts';
import { dateTime } from './list.ts';

const uuid = z.uuid();
const liveOrGone = z.enum(['live', 'gone']);
const itemState = z.enum(['live', 'trashed', 'gone']);

const activityTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), id: uuid, name: z.string(), doctype: z.enum(DOCTYPES).nullable(), state: itemState, folder_id: uuid.nullable() }),
  z.object({ kind: z.literal('folder'), id: uuid, name: z.string(), state: itemState, folder_id: uuid.nullable() }),
  z.object({ kind: z.literal('user'), id: uuid, name: z.string(), state: liveOrGone }),
  z.object({ kind: z.literal('role'), id: uuid, name: z.string(), state: liveOrGone }),
]);

export const activityEntry = z.object({
  id: uuid,
  activity_type: z.string().describe('FolderCreated, DocumentUpdated, DataSubmitted, UserCreated, … (shared/api/activity.ts ActivityType)'),
  activity_time: dateTime,
  username: z.string().nullable(),
  actor: activityTarget.nullable(),
  target: activityTarget.nullable(),
  folder: activityTarget.nullable(),
  context_data: z.record(z.string(), z.unknown()),
}).meta({ id: 'ActivityEntry' });

export const mailFailures = z.object({ count: z.int().min(0), last_error: z.string().nullable(), last_failed_at: dateTime.nullable() }).meta({ id: 'MailFailures' });

export const aclSubject = z.object({ id: uuid, name: z.string(), type: z.enum(['org', 'role', 'user']) }).meta({ id: 'AclSubject' });
