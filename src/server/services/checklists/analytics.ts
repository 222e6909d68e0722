/**
 * A checklist's results over time (issue #45): GET documentation/documents/{id}/analytics. Who may read
 * them is who may read its rows (THE action table's `viewResults`, today Read; no Read → 404 as for the
 * data call). Every number is the database's (db/queries/analytics.ts: one pass over the range's rows);
 * this module says how each question is read, gathers the rows into the answer and says 422 for a zone PostgreSQL does not know.
 */
import type { Analytics, QuestionAnalytics, QuestionBucket } from '../../../shared/api/analytics.ts';
import type { AnalyticsQueryParsed } from '../../../shared/api/analytics-schemas.ts';
import { orderedQuestions, type Question } from '../../../shared/checklists/index.ts';
import { perBucket, submittersOfRange, type AnalyticsQuestion, type AnalyticsRange, type BucketRow } from '../../db/queries/analytics.ts';
import { isUnknownTimeZone } from '../../db/errors.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, validationFailed } from '../../errors.ts';
import { readableDocument, requireAction } from '../documentation/access.ts';

/**
 * How the statement reads a question: number and decimal by their values; pass/fail, true/false and the
 * choices by the answers they offer (the answers' keys in the answer: 'pass', 'true', the choice's text).
 * An answer a question no longer offers (an older version's choice) is counted, not named.
 */
export function analyticsQuestion(id: string, question: Pick<Question, 'valueType' | 'choices'>): AnalyticsQuestion & { keys: string[] } {
  const offered = (keys: string[], kind: 'single' | 'multi') => ({ id, kind, answers: keys, keys });
  switch (question.valueType) {
    case 'number':
    case 'decimal':
      return { id, kind: 'number', answers: [], keys: [] };
    case 'pass/fail':
      return offered(['pass', 'fail'], 'single');
    case 'true/false':
      return offered(['true', 'false'], 'single');
    case 'single choice':
      return offered(question.choices, 'single');
    case 'multiple choice':
      return offered(question.choices, 'multi');
    default:
      return { id, kind: 'other', answers: [], keys: [] };
  }
}

const numberOrNull = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** The statement's rows (one per bucket) as each question's buckets, oldest first (buckets where it was answered). */
function questionsOf(questions: readonly { id: string; question: Question }[], read: readonly ReturnType<typeof analyticsQuestion>[], rows: readonly BucketRow[]): QuestionAnalytics[] {
  return questions.map(({ id, question }, i) => {
    const keys = read[i]!.keys;
    const buckets: QuestionBucket[] = [];
    for (const row of rows) {
      const count = Number(row[`c${i}`] ?? 0);
      if (count === 0) continue;
      const answers: Record<string, number> = {};
      keys.forEach((key, j) => {
        const n = Number(row[`a${i}_${j}`] ?? 0);
        if (n > 0) answers[key] = n;
      });
      buckets.push({
        start: Number(row.start),
        count,
        failing: Number(row[`f${i}`] ?? 0),
        answers,
        min: numberOrNull(row[`min${i}`]),
        p50: numberOrNull(row[`p50_${i}`]),
        max: numberOrNull(row[`max${i}`]),
      });
    }
    return { question_id: id, title: question.title, value_type: question.valueType, buckets };
  });
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
    const read = questions.map(({ id, question }) => analyticsQuestion(id, question));
    const rows = await perBucket(deps.db, range, read);
    const submitters = await submittersOfRange(deps.db, range);
    return {
      buckets: rows.map((b) => ({ start: Number(b.start), submissions: Number(b.submissions), failing: Number(b.failing) })),
      questions: questionsOf(questions, read, rows),
      submitters: submitters.map((s) => ({ user_id: s.user_id, share_link_id: s.share_link_id, name: s.name ?? 'A former member', submissions: Number(s.submissions) })),
    };
  } catch (err) {
    if (isUnknownTimeZone(err)) throw validationFailed([{ field: 'tz', message: 'tz must be an IANA time zone, such as Europe/Berlin' }]);
    throw err;
  }
}
