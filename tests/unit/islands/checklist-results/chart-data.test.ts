import { describe, expect, it } from 'vitest';
import { answersChart, chartsOf, plannedCharts, submissionsChart, valuesChart } from '../../../../islands/checklist-results/chart-data.ts';
import type { Analytics, QuestionAnalytics } from '../../../../src/shared/api/analytics.ts';
import { newQuestion, withValueType, type Question } from '../../../../src/shared/checklists/index.ts';

const bucket = (start: number, extra: Partial<QuestionAnalytics['buckets'][number]> = {}) => ({ start, count: 0, failing: 0, answers: {}, min: null, p50: null, max: null, ...extra });
const question = (valueType: Question['valueType'], changes: Partial<Question> = {}): Question => ({ ...withValueType(newQuestion(), valueType), ...changes });
const DAY = 1_780_000_000;
const SPAN: [number, number] = [DAY - 43_200, DAY + 43_200];

describe('the charts of a checklist’s results', () => {
  it('submissions: valid and failing per bucket, with their table', () => {
    const spec = submissionsChart({ buckets: [{ start: DAY, submissions: 5, failing: 2 }], questions: [], submitters: [] }, 'day', SPAN);
    expect(spec.series.map((s) => [s.label, s.values])).toEqual([['Valid', [3]], ['Failing', [2]]]);
    expect(spec.failing).toEqual([true]);
    expect(spec.table.headers).toEqual(['Day', 'Submissions', 'Valid', 'Failing']);
    expect(spec.table.rows[0]!.slice(1)).toEqual(['5', '3', '2']);
  });

  it('a pass/fail question: each answer in the question’s order, and the failing share', () => {
    const q: QuestionAnalytics = { question_id: 'ok', title: 'Floor clean', value_type: 'pass/fail', buckets: [bucket(DAY, { count: 4, failing: 1, answers: { fail: 1, pass: 3 } })] };
    const spec = answersChart(q, question('pass/fail'), 'week', SPAN);
    expect(spec.series.map((s) => [s.label, s.values])).toEqual([['Pass', [3]], ['Fail', [1]], ['Failing %', [25]]]);
    expect(spec.table.headers).toEqual(['Week', 'Pass', 'Fail', 'Failing', 'Failing %']);
    expect(spec.table.rows[0]!.slice(1)).toEqual(['3', '1', '1', '25%']);
  });

  it('a number question: min, median and max with its validation range as the band', () => {
    const q: QuestionAnalytics = { question_id: 't', title: 'Cold room', value_type: 'decimal', buckets: [bucket(DAY, { count: 3, failing: 1, min: 1, p50: 4, max: 6.5 })] };
    const spec = valuesChart(q, question('decimal', { validation: { enabled: true, min: 2, max: 8 } as Question['validation'] }), 'month', SPAN);
    expect(spec.band).toEqual({ min: 2, max: 8 });
    expect(spec.table.rows[0]!.slice(1)).toEqual(['3', '1', '4', '6.5', '1']);
    expect(valuesChart(q, question('decimal'), 'month', SPAN).band).toBeUndefined();
  });

  it('charts only questions with answers, of the types that chart', () => {
    const analytics: Analytics = {
      buckets: [{ start: DAY, submissions: 1, failing: 0 }],
      questions: [
        { question_id: 'a', title: 'A', value_type: 'text', buckets: [bucket(DAY, { count: 1 })] },
        { question_id: 'b', title: 'B', value_type: 'true/false', buckets: [bucket(DAY, { count: 1, answers: { true: 1 } })] },
        { question_id: 'c', title: 'C', value_type: 'number', buckets: [] },
      ],
      submitters: [],
    };
    expect(chartsOf(analytics, new Map(), 'day', { start_time: DAY, end_time: DAY + 86_400 })[0]!.span).toEqual([DAY - 43_200, DAY + 43_200]);
    expect(chartsOf(analytics, new Map(), 'day', { start_time: DAY, end_time: DAY + 86_400 }).map((c) => c.id)).toEqual(['submissions', 'question-b']);
  });

  it('no submissions in the range: no submissions chart (its place says so)', () => {
    const analytics: Analytics = { buckets: [], questions: [{ question_id: 'b', title: 'B', value_type: 'true/false', buckets: [] }], submitters: [] };
    expect(chartsOf(analytics, new Map(), 'day', { start_time: DAY, end_time: DAY + 86_400 })).toEqual([]);
  });

  it('the charts planned before the numbers: submissions, then each question of a type that charts, in order', () => {
    const planned = plannedCharts([
      { id: 'a', question: { ...question('text'), title: 'A' } },
      { id: 'b', question: { ...question('true/false'), title: 'B' } },
      { id: 'c', question: { ...question('number'), title: '' } },
      { id: 'd', question: { ...question('single choice'), title: 'D' } },
    ]);
    expect(planned.map((p) => [p.id, p.title])).toEqual([
      ['submissions', 'Submissions'],
      ['question-b', 'B'],
      ['question-c', 'Question'],
      ['question-d', 'D'],
    ]);
    expect(planned[0]!.nothing).toBe('No submissions in this range.');
  });
});
