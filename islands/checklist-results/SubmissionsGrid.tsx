/**
 * THE results grid of a checklist (issue #45): its submissions for the page's filters from the server,
 * newest first, 10 a page (islands/shared/DataGrid + use-server-page): Datetime (the row's link),
 * Submitted By, Status, then each question's answer with its valid flag as a tick or a cross. A row
 * opens the submitted row (/documentation/results/{id}/{row}).
 */
import { useCallback, useEffect, type MouseEvent } from 'react';
import { api } from '../../src/client/api.ts';
import { resultsPath } from '../../src/shared/page-addresses.ts';
import { navigate } from '../../src/client/navigation.ts';
import { formatDateTime } from '../../src/client/time-format.ts';
import type { ChecklistDataQuery } from '../../src/shared/api/analytics.ts';
import type { Document, SubmittedRow } from '../../src/shared/api/documentation.ts';
import type { Question } from '../../src/shared/checklists/index.ts';
import { cellText, DATETIME, NO_RESULTS, SUBMITTED_BY } from '../../src/shared/sheets/results.ts';
import { RESULTS_PAGE_SIZE } from '../../src/shared/sheets/model.ts';
import { DataGrid, type DataGridColumn } from '../shared/DataGrid.tsx';
import { useServerPage } from '../shared/use-server-page.ts';

export const STATUS = 'Status';

interface Props {
  document: Document;
  questions: readonly { id: string; question: Question }[];
  query: ChecklistDataQuery;
  /** Moves when the rows should be read again (a live submission). */
  generation: number;
}

export function SubmissionsGrid({ document: doc, questions, query, generation }: Props) {
  const key = JSON.stringify(query);
  const fetchPage = useCallback(
    (page: { skip: number; limit: number }) => api.documentation.checklistData(doc.id, { ...(JSON.parse(key) as ChecklistDataQuery), ...page }),
    [doc.id, key],
  );
  const list = useServerPage(fetchPage, RESULTS_PAGE_SIZE);
  const { reload } = list;
  useEffect(() => {
    if (generation > 0) reload();
  }, [generation, reload]);

  const columns: DataGridColumn<SubmittedRow>[] = [
    {
      key: 'datetime',
      header: DATETIME,
      cell: (row) => (
        <a href={resultsPath(doc.id, row.id)}>
          <span className="sheet-answer-date">{formatDateTime(row.created_at)}</span>
        </a>
      ),
    },
    { key: 'submitted-by', header: SUBMITTED_BY, cell: (row) => row.created_by_username ?? 'A former member' },
    { key: 'status', header: STATUS, cell: (row) => <StatusCell failing={row.validation_errors} /> },
    ...questions.map(({ id, question }) => ({ key: id, header: question.title || 'Question', cell: (row: SubmittedRow) => <AnswerCell row={row} id={id} question={question} /> })),
  ];
  const label = `Results of ${doc.name}`;
  return (
    <DataGrid
      className="sheet-results-grid checklist-results-grid"
      label={label}
      columns={columns}
      rows={list.rows}
      rowKey={(row) => row.id}
      loading={list.loading}
      emptyText={NO_RESULTS}
      errorText={list.error}
      onRowClick={(_event: MouseEvent<HTMLTableRowElement>, row) => navigate(resultsPath(doc.id, row.id))}
      paging={{ skip: list.skip, limit: list.limit, total: list.total, onPage: list.setSkip }}
    />
  );
}

function StatusCell({ failing }: { failing: number }) {
  if (failing === 0) return <span className="sheet-valid">✓ Valid</span>;
  return <span className="sheet-invalid">✗ {failing === 1 ? '1 failing answer' : `${failing} failing answers`}</span>;
}

function AnswerCell({ row, id, question }: { row: SubmittedRow; id: string; question: Question }) {
  const answer = row.record[id];
  if (!answer) return null;
  const text = cellText(question.valueType, answer.value, formatDateTime);
  return (
    <span className="sheet-answer">
      <span className="sheet-answer-text">{text}</span>
      {text !== '' && (
        <span className={answer.valid ? 'sheet-valid' : 'sheet-invalid'} title={answer.valid ? 'Valid' : 'Invalid'}>
          <span aria-hidden="true">{answer.valid ? '\u00a0✓' : '\u00a0✗'}</span>
          <span className="visually-hidden">{answer.valid ? ' Valid' : ' Invalid'}</span>
        </span>
      )}
    </span>
  );
}
