/**
 * A checklist's results over time (issue #45): GET documentation/documents/{id}/analytics. Who may read
 * them is who may read its rows (THE action table's `viewResults`, today Read; no Read → 404 as for the
 * data call). Every number is the database's (db/queries/analytics.ts: the submissions, then their answers' table);
 * this module says how each question is read, gathers the rows into the answer and says 422 for a zone PostgreSQL does not know.
 */
import type { Analytics, QuestionAnalytics, QuestionBucket } from '../../../shared/api/analytics.ts';
import type { AnalyticsQueryParsed } from '../../../shared/api/analytics-schemas.ts';
import { orderedQuestions, type Question } from '../../../shared/checklists/index.ts';
import { answersOfRange, submissionsOfRange, type AnalyticsQuestionIds, type AnalyticsRange, type AnswerRow } from '../../db/queries/analytics.ts';
import { isUnknownTimeZone } from '../../db/errors.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, validationFailed } from '../../errors.ts';
import { readableDocument, requireAction } from '../documentation/access.ts';
import { sheetAnalytics } from '../sheets/analytics.ts';

/**
 * How a question is read: number and decimal with their medians (`number`); pass/fail, true/false and
 * single choice by the text of each answer (`named`: 'pass', 'true', the choice); multiple choice by each
 * choice (`multi`); other questions are only counted. `keys`: the answers named in the answer, in the
 * order offered. An answer a question no longer offers (an older version's choice) is counted, not named.
 */
export function analyticsQuestion(question: Pick<Question, 'valueType' | 'choices'>): { read: 'number' | 'named' | 'multi' | 'other'; keys: string[] } {
  switch (question.valueType) {
    case 'number':
    case 'decimal':
      return { read: 'number', keys: [] };
    case 'pass/fail':
      return { read: 'named', keys: ['pass', 'fail'] };
    case 'true/false':
      return { read: 'named', keys: ['true', 'false'] };
    case 'single choice':
      return { read: 'named', keys: question.choices };
    case 'multiple choice':
      return { read: 'multi', keys: question.choices };
    default:
      return { read: 'other', keys: [] };
  }
}

const numberOrNull = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** The statements' rows as each question's buckets, oldest first (buckets where it was answered). */
function questionsOf(questions: readonly { id: string; question: Question }[], rows: { answers: AnswerRow[]; medians: AnswerRow[]; choices: AnswerRow[] }): QuestionAnalytics[] {
  const byQuestion = new Map(questions.map(({ id, question }) => [id, { keys: new Set(analyticsQuestion(question).keys), buckets: new Map<number, QuestionBucket>() }]));
  /** The row's bucket, made at its first row; undefined for a question the checklist no longer has. */
  const bucketOf = (row: AnswerRow) => {
    const buckets = byQuestion.get(row.question_id)?.buckets;
    const start = Number(row.start);
    if (buckets && !buckets.has(start)) buckets.set(start, { start, count: 0, failing: 0, answers: {}, min: null, p50: null, max: null });
    return buckets?.get(start);
  };
  const name = (bucket: QuestionBucket, row: AnswerRow) => {
    if (row.answer !== null && byQuestion.get(row.question_id)!.keys.has(row.answer)) bucket.answers[row.answer] = (bucket.answers[row.answer] ?? 0) + Number(row.count);
  };
  for (const row of rows.answers) {
    const bucket = bucketOf(row);
    if (!bucket) continue;
    bucket.count += Number(row.count);
    bucket.failing += Number(row.failing ?? 0);
    const [min, max] = [numberOrNull(row.min), numberOrNull(row.max)];
    if (min !== null) bucket.min = bucket.min === null ? min : Math.min(bucket.min, min);
    if (max !== null) bucket.max = bucket.max === null ? max : Math.max(bucket.max, max);
    name(bucket, row);
  }
  for (const row of rows.medians) {
    const bucket = bucketOf(row);
    if (bucket) bucket.p50 = numberOrNull(row.p50);
  }
  for (const row of rows.choices) {
    const bucket = bucketOf(row);
    if (bucket) name(bucket, row);
  }
  return questions.map(({ id, question }) => {
    const { keys } = analyticsQuestion(question);
    const buckets = [...byQuestion.get(id)!.buckets.values()].sort((x, y) => x.start - y.start);
    // The answers named in the order the question offers them.
    for (const bucket of buckets) bucket.answers = Object.fromEntries(keys.filter((k) => bucket.answers[k] !== undefined).map((k) => [k, bucket.answers[k]!]));
    return { question_id: id, title: question.title, value_type: question.valueType, buckets };
  });
}

function idsOf(questions: readonly { id: string; question: Question }[]): AnalyticsQuestionIds {
  const ids: AnalyticsQuestionIds = { named: [], numbers: [], multi: [] };
  for (const { id, question } of questions) {
    const { read } = analyticsQuestion(question);
    if (read === 'named') ids.named.push(id);
    if (read === 'number') ids.numbers.push(id);
    if (read === 'multi') ids.multi.push(id);
  }
  return ids;
}

/** GET documentation/documents/{id}/analytics: the submissions in one pass, the answers from their own table (db/queries/analytics.ts). */
export async function checklistAnalytics(deps: Deps, who: Member, documentId: string, query: AnalyticsQueryParsed): Promise<Analytics> {
  const access = await readableDocument(deps.db, who, documentId);
  const document = access.document;
  // A result sheet or report: its rows' figures (services/sheets/analytics.ts, the same answer).
  if (document.doctype === 'sheet' || document.doctype === 'report') return sheetAnalytics(deps, who, documentId, query);
  requireAction(access.permissions, 'viewResults', 'document');
  if (document.doctype !== 'form') throw badRequest('Only checklists, result sheets and reports have analytics');
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
    const [submissions, answers] = await Promise.all([submissionsOfRange(deps.db, range), answersOfRange(deps.db, range, idsOf(questions))]);
    return {
      buckets: submissions.filter((b) => b.by_submitter === 0).map((b) => ({ start: Number(b.start), submissions: Number(b.submissions), failing: Number(b.failing) })),
      questions: questionsOf(questions, answers),
      submitters: submissions
        .filter((s) => s.by_submitter === 1)
        .map((s) => ({ user_id: s.user_id, share_link_id: s.share_link_id, name: s.name ?? 'A former member', submissions: Number(s.all_submissions) })),
    };
  } catch (err) {
    if (isUnknownTimeZone(err)) throw validationFailed([{ field: 'tz', message: 'tz must be an IANA time zone, such as Europe/Berlin' }]);
    throw err;
  }
}
