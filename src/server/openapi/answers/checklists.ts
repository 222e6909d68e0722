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
/** A checklist's results over time (issue #45; shared/api/analytics.ts Analytics). */
const start = z.number().meta({ description: 'Epoch second the bucket begins, in the caller’s time zone' });
export const submissionsBucketAnswer = z
  .object({ start, submissions: z.int().min(0), failing: z.int().min(0).meta({ description: 'Submissions with a failing answer' }) })
  .meta({ id: 'SubmissionsBucket' });
export const questionBucketAnswer = z
  .object({
    start,
    count: z.int().min(0).meta({ description: 'Answers given' }),
    failing: z.int().min(0).meta({ description: 'Answers whose valid flag is false' }),
    answers: z.record(z.string(), z.int().min(0)).meta({ description: 'pass/fail, true/false and choice questions: how often each answer was given' }),
    min: z.number().nullable(),
    p50: z.number().nullable().meta({ description: 'The median (number questions)' }),
    max: z.number().nullable(),
  })
  .meta({ id: 'QuestionBucket' });
export const questionAnalyticsAnswer = z
  .object({ question_id: z.string(), title: z.string(), value_type: z.string(), buckets: z.array(questionBucketAnswer) })
  .meta({ id: 'QuestionAnalytics' });
export const submitterAnswer = z
  .object({ user_id: id.nullable(), share_link_id: id.nullable(), name: z.string(), submissions: z.int().min(0) })
  .meta({ id: 'Submitter' });
export const analyticsAnswer = z
  .object({ buckets: z.array(submissionsBucketAnswer), questions: z.array(questionAnalyticsAnswer), submitters: z.array(submitterAnswer) })
  .meta({ id: 'ChecklistAnalytics' });
