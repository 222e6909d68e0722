/**
 * THE checklist CSV (src/shared/checklists/results-csv.ts): the results page's Export CSV and the
 * organisation export write it — a byte order mark, Datetime, Submitted By, Status, the questions; fields
 * quoted as RFC 4180 says, formulas made text, CRLF line ends.
 */
import { describe, expect, it } from 'vitest';
import { newQuestion, withValueType } from '../../../../src/shared/checklists/index.ts';
import { resultsCsvHeader, resultsCsvLine } from '../../../../src/shared/checklists/results-csv.ts';

const questions = [
  { id: 'tag', question: { ...withValueType(newQuestion(), 'text'), title: 'Asset, tag' } },
  { id: 'ok', question: { ...withValueType(newQuestion(), 'pass/fail'), title: 'Result' } },
];

describe('results CSV', () => {
  it('starts with a byte order mark and the header line', () => {
    expect(resultsCsvHeader(questions)).toBe('\uFEFFDatetime,Submitted By,Status,"Asset, tag",Result\r\n');
  });

  it('writes a submission: its time, author, status and answers, quoting and defusing as spreadsheets need', () => {
    const line = resultsCsvLine(questions, {
      created_at: '2026-12-07T10:00:00.000Z',
      created_by_username: null,
      validation_errors: 2,
      record: { tag: { value: '=SUM(A1) "x"' }, ok: { value: 'fail' } },
    });
    expect(line).toBe(`2026-12-07T10:00:00.000Z,,2 failing,"'=SUM(A1) ""x""",Fail\r\n`);
    expect(resultsCsvLine(questions, { created_at: 't', created_by_username: 'share: Kiosk', validation_errors: 0, record: {} })).toBe('t,share: Kiosk,Valid,,\r\n');
  });
});
