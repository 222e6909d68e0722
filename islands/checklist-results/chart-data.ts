/**
 * What each chart of a checklist's results draws and what its table says (issue #45), from the analytics
 * answer. Pure: the charts (uPlot) and the tables beside them read the same numbers.
 *
 * - submissions per bucket, valid and failing stacked;
 * - a pass/fail, true/false or choice question: how often each answer was given, and the failing share (%);
 * - a number question: median, min and max per bucket, its validation range as a band, failing buckets marked.
 */
import type { Analytics, AnalyticsBucket, QuestionAnalytics } from '../../src/shared/api/analytics.ts';
import type { Question } from '../../src/shared/checklists/index.ts';
import type { PlannedChart } from '../shared/charts/chart-places.ts';
import { bucketHeader, bucketLabel, spanOf, valuesSpec, type ChartSeries, type ChartSpec } from '../shared/charts/chart-spec.ts';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

export function submissionsChart(analytics: Analytics, bucket: AnalyticsBucket, span: [number, number]): ChartSpec {
  const x = analytics.buckets.map((b) => b.start);
  return {
    id: 'submissions',
    title: 'Submissions',
    kind: 'submissions',
    x,
    span,
    series: [
      { label: 'Valid', role: 'valid', values: analytics.buckets.map((b) => b.submissions - b.failing) },
      { label: 'Failing', role: 'failing', values: analytics.buckets.map((b) => b.failing) },
    ],
    failing: analytics.buckets.map((b) => b.failing > 0),
    table: {
      headers: [bucketHeader(bucket), 'Submissions', 'Valid', 'Failing'],
      rows: analytics.buckets.map((b) => [bucketLabel(b.start, bucket), String(b.submissions), String(b.submissions - b.failing), String(b.failing)]),
    },
  };
}


/** The answers in the order the question offers them, then any other answer seen. */
function answerOrder(q: QuestionAnalytics, question: Question | undefined): string[] {
  const offered =
    q.value_type === 'pass/fail' ? ['pass', 'fail'] : q.value_type === 'true/false' ? ['true', 'false'] : (question?.choices ?? []);
  const seen = new Set(q.buckets.flatMap((b) => Object.keys(b.answers)));
  return [...offered.filter((a) => seen.has(a)), ...[...seen].filter((a) => !offered.includes(a)).sort()];
}

const ANSWER_WORDS: Record<string, string> = { pass: 'Pass', fail: 'Fail', true: 'True', false: 'False' };

export function answersChart(q: QuestionAnalytics, question: Question | undefined, bucket: AnalyticsBucket, span: [number, number]): ChartSpec {
  const answers = answerOrder(q, question);
  const word = (a: string) => (q.value_type === 'pass/fail' || q.value_type === 'true/false' ? (ANSWER_WORDS[a] ?? a) : a);
  const share = q.buckets.map((b) => percent(b.failing, b.count));
  return {
    id: `question-${q.question_id}`,
    title: q.title || 'Question',
    kind: 'answers',
    x: q.buckets.map((b) => b.start),
    span,
    series: [
      ...answers.map((a): ChartSeries => ({ label: word(a), role: 'answer', values: q.buckets.map((b) => b.answers[a] ?? 0) })),
      { label: 'Failing %', role: 'share', values: share },
    ],
    failing: q.buckets.map((b) => b.failing > 0),
    table: {
      headers: [bucketHeader(bucket), ...answers.map(word), 'Failing', 'Failing %'],
      rows: q.buckets.map((b, i) => [bucketLabel(b.start, bucket), ...answers.map((a) => String(b.answers[a] ?? 0)), String(b.failing), `${share[i]}%`]),
    },
  };
}

export function valuesChart(q: QuestionAnalytics, question: Question | undefined, bucket: AnalyticsBucket, span: [number, number]): ChartSpec {
  return valuesSpec({ id: `question-${q.question_id}`, title: q.title || 'Question', buckets: q.buckets, band: bandOf(question), bucket, span });
}

/** A number question's validation range, when it has one. */
function bandOf(question: Question | undefined): ChartSpec['band'] {
  const rule = question?.validation;
  const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return rule?.enabled && (bound(rule.min) !== null || bound(rule.max) !== null) ? { min: bound(rule.min), max: bound(rule.max) } : undefined;
}

const CATEGORY_TYPES = new Set(['pass/fail', 'true/false', 'single choice', 'multiple choice']);
const NUMBER_TYPES = new Set(['number', 'decimal']);

export const NO_SUBMISSIONS = 'No submissions in this range.';

/** The charts the page may show, known from the checklist before its numbers: submissions, then each chartable question. */
export function plannedCharts(questions: readonly { id: string; question: Question }[]): PlannedChart[] {
  return [
    { id: 'submissions', title: 'Submissions', nothing: NO_SUBMISSIONS },
    ...questions
      .filter(({ question }) => CATEGORY_TYPES.has(question.valueType) || NUMBER_TYPES.has(question.valueType))
      .map(({ id, question }) => ({ id: `question-${id}`, title: question.title || 'Question' })),
  ];
}

/** Every chart of the page: submissions first (when there are any), then each chartable question that has answers, in the checklist's order. */
export function chartsOf(
  analytics: Analytics,
  questions: ReadonlyMap<string, Question>,
  bucket: AnalyticsBucket,
  range: { start_time: number; end_time: number },
): ChartSpec[] {
  const span = spanOf(range, bucket);
  const charts = analytics.buckets.length ? [submissionsChart(analytics, bucket, span)] : [];
  for (const q of analytics.questions) {
    if (q.buckets.length === 0) continue;
    if (CATEGORY_TYPES.has(q.value_type)) charts.push(answersChart(q, questions.get(q.question_id), bucket, span));
    else if (NUMBER_TYPES.has(q.value_type)) charts.push(valuesChart(q, questions.get(q.question_id), bucket, span));
  }
  return charts;
}
