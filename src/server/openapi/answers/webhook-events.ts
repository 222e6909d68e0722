/**
 * The outgoing webhooks' bodies (services/webhooks/events.ts `webhookPayload`, endpoints.ts `sendWebhookTest`;
 * docs/webhooks.md) as zod, for the OpenAPI document's top-level `webhooks` (issue #40 item 9): Standard
 * Webhooks' `{type, timestamp, data}`, `data` the event's ids (`webhookData`) and its own record (the activity
 * event's context). The record may carry more than is named here (`data` is open). Server only.
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../../shared/api/webhooks.ts';
import { dateTime } from './list.ts';

const id = z.uuid();
const roleRefs = z.array(z.object({ id, name: z.string() }));

/** `webhookData`: the ids every event's `data` starts with. */
const eventIds = {
  event_id: id.meta({ description: 'The recorded event (the activity log’s entry)' }),
  organization_id: id,
  actor_id: id.nullable().meta({ description: 'Who did it; null for a share link’s submission' }),
  document_id: id.nullable(),
  folder_id: id.nullable(),
};

const member = {
  user_id: id.optional(),
  username: z.string().optional(),
  roles: roleRefs.optional(),
};
const assignment = {
  assignment_id: id,
  kind: z.enum(['document', 'folder', 'correction']).optional(),
  assigned_to: z.unknown().meta({ description: 'The assignee: `{type: org|role|user, id}`' }).optional(),
  notes: z.string().nullable().optional(),
};

/** Each event's own record, beside the ids (the activity event's context; docs/webhooks.md "The body"). */
const RECORDS: Record<WebhookEventType, { summary: string; record: z.ZodRawShape }> = {
  'checklist.submitted': {
    summary: 'A checklist is submitted (by a member or through a share link)',
    record: {
      sheet_id: id.meta({ description: 'The checklist' }),
      sheet_name: z.string(),
      submission_id: id.meta({ description: 'Read its answers with GET documentation/documents/documentdata/{id}' }),
      version: z.int().min(1),
      validation_errors: z.int().min(0),
      folder_name: z.string(),
      share_link_id: id.optional(),
      share_link_name: z.string().optional(),
    },
  },
  'checklist.validation_failed': {
    summary: 'A submission has answers that fail their validation (sent besides checklist.submitted)',
    record: {
      sheet_id: id,
      sheet_name: z.string(),
      submission_id: id,
      version: z.int().min(1),
      validation_errors: z.int().min(1),
      folder_name: z.string(),
      share_link_id: id.optional(),
      share_link_name: z.string().optional(),
    },
  },
  'document.published': {
    summary: 'A document is created (version 1 is published at once) or a new version is published',
    record: { name: z.string(), folder_name: z.string().optional(), doctype: z.string().optional() },
  },
  'assignment.created': {
    summary: 'A folder or document is assigned',
    record: { name: z.string(), ...assignment },
  },
  'assignment.claimed': { summary: 'An assignee claims an assignment', record: { ...assignment, username: z.string() } },
  'assignment.completed': {
    summary: 'An assignment is completed (by hand, or by an assignee’s submission of its checklist)',
    record: { ...assignment, username: z.string().nullable(), submission_id: id.nullable().optional(), schedule_id: id.nullable().optional(), due_at: z.string().nullable().optional() },
  },
  'assignment.due': {
    summary: 'A schedule’s occurrence opens: its assignment is due by due_at',
    record: { ...assignment, schedule_id: id, opens_at: z.string(), due_at: z.string() },
  },
  'occurrence.missed': {
    summary: 'A schedule’s occurrence closed without a submission',
    record: { ...assignment, schedule_id: id, opens_at: z.string(), due_at: z.string() },
  },
  'member.joined': { summary: 'An admin creates a user (POST users/) or an invitation is accepted', record: member },
  'member.left': { summary: 'A user is removed from the organisation', record: member },
};

const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export interface WebhookEventDescription {
  type: string;
  summary: string;
  payload: z.ZodType;
}

const envelope = (type: string, data: z.ZodType, summary: string) =>
  z
    .object({ type: z.literal(type), timestamp: dateTime.meta({ description: 'When the event happened' }), data })
    .meta({ id: `${pascal(type)}Event`, description: summary });

/** One description per event type a webhook may be sent, the test event last. */
export const WEBHOOK_EVENTS: WebhookEventDescription[] = [
  ...WEBHOOK_EVENT_TYPES.map((type) => {
    const { summary, record } = RECORDS[type];
    return { type, summary, payload: envelope(type, z.looseObject({ ...eventIds, ...record }), summary) };
  }),
  {
    type: WEBHOOK_TEST_EVENT,
    summary: 'An admin presses Send Test Event (POST webhooks/{id}/test); sent whatever the endpoint’s events, tried once',
    payload: envelope(
      WEBHOOK_TEST_EVENT,
      z.object({ organization_id: id, endpoint_id: id, sent_by: z.string().meta({ description: 'The admin’s username' }) }),
      'The test event',
    ),
  },
];
