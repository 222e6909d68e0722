/**
 * A report (documentation §1 "report", §2 Viewer "Report"; issue #13): one card per question of the
 * sheet's contents, in `question_index` order, answered from the latest row (`sheet-data` with limit 1):
 * the answer, its valid flag as a tick or a cross, the comments. 'Download PDF' gives the PDF of the
 * row's submission (its root checklist's; GET …/documentdata/{row_id}/export.pdf). No row: 'No Results
 * Found'. A failed read is only logged (documentation §8) and shows 'No Results Found' too.
 */
import { useEffect, useMemo, useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../src/client/api.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';
import { formatDateTime } from '../../src/client/time-format.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { exportFileName, type SheetRow } from '../../src/shared/api/sheets.ts';
import { LATEST_ROW, sheetData } from './first-rows.ts';
import { NOT_ASKED } from '../../src/shared/checklists/conditions.ts';
import { cellText, columnsOf, formOrder, hiddenByCondition, NO_RESULTS, readSheetContents, rowSubmission, validFlag } from './results-state.ts';
import { saveBlob } from '../../src/client/dom.ts';
import { useFormNames } from './use-form-names.ts';

export const DOWNLOAD_PDF = 'Download PDF';
const NOT_ANSWERED = 'Not answered';

export function ReportView({ document: doc }: { document: Document }) {
  const contents = useMemo(() => readSheetContents(doc.contents), [doc]);
  const formNames = useFormNames(contents);
  const columns = useMemo(() => columnsOf(contents, formNames), [contents, formNames]);
  const order = useMemo(() => formOrder(contents), [contents]);
  const [row, setRow] = useState<SheetRow | null | undefined>();
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let live = true;
    sheetData(doc.id, LATEST_ROW).then( // started with the document's arrival (./first-rows.ts)
      (answer) => live && setRow(answer.results[0] ?? null),
      (err: unknown) => {
        console.warn('The latest result could not be loaded', err);
        if (live) setRow(null);
      },
    );
    return () => {
      live = false;
    };
  }, [doc.id]);

  if (row === undefined) return <p className="loading-text" role="status">Loading…</p>;
  if (row === null) return <p className="report-empty" role="status">{NO_RESULTS}</p>;

  const submission = rowSubmission(row, order);
  const download = async () => {
    if (!submission) return;
    setDownloading(true);
    try {
      saveBlob(await api.documentation.rowPdf(submission), exportFileName(doc.name, 'pdf'));
    } catch (err) {
      showAlert('warning', problemText(err, SOMETHING_WENT_WRONG));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="report-view" aria-labelledby="report-heading">
      <div className="report-head">
        <div>
          <h2 id="report-heading">Latest Submission</h2>
          <p className="report-facts">
            {row.created_by_username ?? 'A former member'}, <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
          </p>
        </div>
        {submission && (
          <button type="button" className="button secondary" disabled={downloading} onClick={() => void download()}>
            {downloading ? 'Downloading…' : DOWNLOAD_PDF}
          </button>
        )}
      </div>
      <ol className="report-cards" aria-label="Answers">
        {columns.map((column) => {
          const answer = row.record[column.id];
          const valid = validFlag(row, column.id);
          const notAsked = hiddenByCondition(contents, row, column.id);
          return (
            <li className="report-card" key={column.id} data-question-id={column.id}>
              <h3>{column.title}</h3>
              <p className={notAsked ? 'report-answer is-not-asked' : 'report-answer'}>
                {notAsked ? NOT_ASKED : cellText(column.valueType, answer?.value, formatDateTime) || NOT_ANSWERED}
                {valid !== undefined && (
                  <span className={valid ? 'sheet-valid' : 'sheet-invalid'}>
                    {' '}
                    <span aria-hidden="true">{valid ? '✓' : '✗'}</span> {valid ? 'Valid' : 'Invalid'}
                  </span>
                )}
              </p>
              {answer?.comments ? <p className="report-comments">{answer.comments}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
