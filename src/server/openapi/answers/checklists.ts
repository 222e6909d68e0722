/**
 * The checklists' answers (shared/api/documentation.ts SubmittedRow, MediaUrl; presenters/checklists.ts) as zod,
 * for the OpenAPI document (issue #34): submitted rows and their answers, the addresses of media. Server only.
 */
import { z } from 'zod';
import { id, time } from './documentation.ts';

/** One question's answer as recorded (shared/checklists/answers.ts RecordedAnswer). */
export const recordedAnswer = z.object({
  value: z.unknown().meta({ description: 'The normalised value (null when not answered)' }),
  comments: z.string(),
  media: z.array(z.string()).meta({ description: 'Upload ids' }),
  valid: z.boolean(),
}).meta({ id: 'RecordedAnswer' });

export const submittedRowAnswer = z.object({
  id,
  document_id: id,
  version: z.int().min(1),
  created_at: time,
  created_by_username: z.string().nullable().meta({ description: 'The submitter, `share: {name}` through a share link, or null' }),
  record: z.record(z.string(), recordedAnswer),
  validation_errors: z.int().min(0),
}).meta({ id: 'Submission' });

/** A media file's short-lived address (the same answer as the uploads'). */
