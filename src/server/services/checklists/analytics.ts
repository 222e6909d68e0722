/**
 * A checklist's results over time (issue #45): GET documentation/documents/{id}/analytics. Who may read
 * them is who may read its rows (THE action table's `viewResults`, today Read; no Read → 404 as for the
 * data call). Every number is the database's (db/queries/analytics.ts); this module names the questions,
 * gathers the rows into the answer and says 422 for a zone PostgreSQL does not know.
 */
import type { Analytics, QuestionAnalytics, QuestionBucket } from '../../../shared/api/analytics.ts';
import type { AnalyticsQueryParsed } from '../../../shared/api/analytics-schemas.ts';
import { orderedQuestions, type Question } from '../../../shared/checklists/index.ts';
import {
  questionsPerBucket,
  submissionsPerBucket,
  submittersOfRange,
  type AnalyticsRange,
  type QuestionBucketRow,
  type QuestionKind,
} from '../../db/queries/analytics.ts';
import { isUnknownTimeZone } from '../../db/errors.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, validationFailed } from '../../errors.ts';
import { readableDocument, requireAction } from '../documentation/access.ts';

/** How a question is charted: number and decimal by their values, pass/fail, true/false and choices by their answers. */
export function questionKind(question: Pick<Question, 'valueType'>): QuestionKind {
  switch (question.valueType) {
    case 'number':
    case 'decimal':
      return 'number';
    case 'pass/fail':
    case 'true/false':
    case 'single choice':
    case 'multiple choice':
      return 'category';
    default:
      return 'other';
  }
}

const emptyBucket = (start: number): QuestionBucket => ({ start, count: 0, failing: 0, answers: {}, min: null, p50: null, max: null });

/** The statements' rows as each question's buckets, oldest first. */
function questionsOf(questions: readonly { id: string; question: Question }[], rows: readonly QuestionBucketRow[]): QuestionAnalytics[] {
  const byQuestion = new Map<string, Map<number, QuestionBucket>>(questions.map((q) => [q.id, new Map()]));
  for (const row of rows) {
    const buckets = byQuestion.get(row.id);
    if (!buckets) continue;
    const start = Number(row.start);
    let bucket = buckets.get(start);
    if (!bucket) buckets.set(start, (bucket = emptyBucket(start)));
    if (row.kind === 'answer') {
      bucket.answers[row.value ?? ''] = Number(row.count);
      continue;
    }
    bucket.count = Number(row.count);
    bucket.failing = Number(row.failing);
    bucket.min = row.min === null ? null : Number(row.min);
    bucket.p50 = row.p50 === null ? null : Number(row.p50);
    bucket.max = row.max === null ? null : Number(row.max);
  }
  return questions.map(({ id, question }) => ({
    question_id: id,
    title: question.title,
    value_type: question.valueType,
    buckets: [...byQuestion.get(id)!.values()].sort((a, b) => a.start - b.start),
  }));
}

/** GET documentation/documents/{id}/analytics: three statements, each one pass over the range's rows. */
export async function checklistAnalytics(deps: Deps, who: Member, documentId: string, query: AnalyticsQueryParsed): Promise<Analytics> {
  const access = await readableDocument(deps.db, who, documentId);
  requireAction(access.permissions, 'viewResults', 'document');
  const document = access.document;
  if (document.doctype !== 'form') throw badRequest('Only checklists have analytics');
  const questions = orderedQuestions(document.contents as Record<string, unknown>);
  const range: AnalyticsRange = {
    orgId: who.orgId,
    documentId: document.id,
    start: new Date(query.start_time * 1000),
    end: new Date(query.end_time * 1000),
    bucket: query.bucket,
    tz: query.tz,
    status: query.status ?? null,
    createdBy: query.created_by ?? null,
    shareLinkId: query.share_link_id ?? null,
  };
  try {
    const buckets = await submissionsPerBucket(deps.db, range);
    const rows = questions.length === 0 ? [] : await questionsPerBucket(deps.db, range, questions.map(({ id, question }) => ({ id, kind: questionKind(question) })));
    const submitters = await submittersOfRange(deps.db, range);
    return {
      buckets: buckets.map((b) => ({ start: Number(b.start), submissions: Number(b.submissions), failing: Number(b.failing) })),
      questions: questionsOf(questions, rows),
      submitters: submitters.map((s) => ({ user_id: s.user_id, share_link_id: s.share_link_id, name: s.name ?? 'A former member', submissions: Number(s.submissions) })),
    };
  } catch (err) {
    if (isUnknownTimeZone(err)) throw validationFailed([{ field: 'tz', message: 'tz must be an IANA time zone, such as Europe/Berlin' }]);
    throw err;
  }
}
