/**
 * The queries of a checklist's results (issue #45, zod, server side): the filters the data call and the
 * analytics call share (status, created_by, share_link_id) and the analytics call's range, bucket and
 * time zone. An unknown zone, a bucket outside the three, an end before the start or a range over 5
 * years → 422 naming the parameter.
 */
import { z } from 'zod';
import { ANALYTICS_BUCKETS, MAX_ANALYTICS_RANGE_SECONDS, SUBMISSION_STATUSES } from './analytics.ts';
import { epochSecondsParam, lastOf } from './query-params.ts';
import { isTimeZone } from '../date-time.ts';

const id = z.uuid({ error: 'must be a valid id' });

/** The rows' filters (./analytics.ts SubmissionFilters). */
export const submissionFilters = {
  status: lastOf(z.enum(SUBMISSION_STATUSES, { error: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` })).optional(),
  created_by: lastOf(id).optional(),
  share_link_id: lastOf(id).optional(),
};


export const analyticsQuery = z
  .object({
    start_time: epochSecondsParam('start_time').pipe(z.number({ error: 'start_time is required' })),
    end_time: epochSecondsParam('end_time').pipe(z.number({ error: 'end_time is required' })),
    bucket: lastOf(z.enum(ANALYTICS_BUCKETS, { error: `bucket must be one of ${ANALYTICS_BUCKETS.join(', ')}` })).default('day'),
    tz: lastOf(z.string({ error: 'tz must be an IANA time zone' }).refine(isTimeZone, 'tz must be an IANA time zone, such as Europe/Berlin')).default(
      'UTC',
    ),
    ...submissionFilters,
  })
  .superRefine((q, ctx) => {
    if (q.end_time <= q.start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'end_time must be after start_time' });
    else if (q.end_time - q.start_time > MAX_ANALYTICS_RANGE_SECONDS) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'the range may be at most 5 years' });
    }
  });
export type AnalyticsQueryParsed = z.output<typeof analyticsQuery>;
