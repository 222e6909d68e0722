/** The answers of workflow/… (shared/api/assignments.ts, first-steps.ts), for the OpenAPI document. */
import { z } from 'zod';
import { DOCTYPES } from '../../../shared/api/documentation.ts';
import { dateTime } from './list.ts';

const uuid = z.uuid();

export const assignment = z.object({
  id: uuid,
  kind: z.enum(['document', 'folder', 'correction']),
  object_id: uuid,
  object_name: z.string(),
  doctype: z.enum(DOCTYPES).nullable(),
  assigned_at: dateTime,
  assigned_to: z.object({ type: z.enum(['org', 'role', 'user', 'share_link']), id: uuid, name: z.string() }),
  assigned_by_username: z.string().nullable(),
  notes: z.string(),
  claimed: z.boolean(),
  claimed_by_username: z.string().nullable(),
  completed: z.boolean(),
  status: z.enum(['open', 'claimed', 'completed', 'missed']),
  due_at: dateTime.nullable(),
  overdue: z.boolean(),
  completed_by_username: z.string().nullable(),
  completed_at: dateTime.nullable(),
  completed_submission_id: uuid.nullable(),
  schedule_id: uuid.nullable(),
  opens_at: dateTime.nullable(),
  submission_id: uuid.nullable(),
  failing_answers: z.array(z.object({ question_id: z.string(), title: z.string(), value: z.unknown() })),
}).meta({ id: 'Assignment' });

export const firstSteps = z.object({
  root_permissions: z.int(),
  steps: z.object({ folder: z.boolean(), checklist: z.boolean(), member: z.boolean(), qr_labels: z.boolean() }).nullable(),
}).meta({ id: 'FirstSteps' });
