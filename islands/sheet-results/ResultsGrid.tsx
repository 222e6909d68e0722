/**
 * The results grid of a result sheet (documentation §2 Viewer "Sheet" and /documentation/results/{id},
 * §4 "Sheet results", §9; issue #13): a real table whose columns are Datetime, Submitted By and the
 * sheet's questions in `question_index` order, each answer with its valid flag as a tick or a cross; 10
 * rows a page; the default filter 'Datetime on or after' 30 days ago and Datetime descending. The last 30
 * days load first, then the older rows in batches of 100 with the progress shown (./use-sheet-rows.ts).
 * A row opens its single-row screen; each answer links to the submission it comes from. Export CSV
 * downloads the rows of the filter's window.
 *
 * The table is THE grid (islands/shared/DataGrid.tsx). Only the page's 10 rows are in the DOM; filter, sort
 * and paging are a binary search and a slice of the loaded rows (./results-state.ts), so 100,000 rows stay
 * responsive without a virtualising library. Below 600 px each row becomes a card whose cells name their
 * column.
 */
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { api, problemText } from '../../src/client/api.ts';
import { resultsPath } from '../../src/shared/page-addresses.ts';
import { navigate } from '../../src/client/navigation.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';
import { formatDateTime } from '../../src/client/time-format.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { exportFileName, type SheetRow } from '../../src/shared/api/sheets.ts';
import { RESULTS_PAGE_SIZE } from '../../src/shared/sheets/model.ts';
import {
  cellText,
  clampSkip,
  columnsOf,
  countOnOrAfter,
  DATETIME,
  dateFromInput,
  dateInputValue,
  formOrder,
  NO_RESULTS,
  pageRows,
  progressText,
  readSheetContents,
  rowKey,
  rowSubmission,
  SUBMITTED_BY,
  validFlag,
} from './results-state.ts';
import { saveBlob } from '../../src/client/dom.ts';
import { useFormNames } from './use-form-names.ts';
import { DataGrid, type DataGridColumn, type SortDirection } from '../shared/DataGrid.tsx';
import { daysAgo, firstWindowStart } from './first-rows.ts';
import { useSheetRows } from './use-sheet-rows.ts';

export const EXPORT_CSV = 'Export CSV';
export const EXPORT_FAILED = 'Something went wrong fetching your results... please try again';

/** What the results page draws above the grid (issue #45: the sheet's charts) sees: the filter's rows and the filter. */
export interface ResultsView {
  contents: ReturnType<typeof readSheetContents>;
  /** Newest first; the first `count` are the filter's. */
  rows: readonly SheetRow[];
  count: number;
  loaded: number;
  from: Date | undefined;
  setFrom: (value: string) => void;
  /** The first rows are in (before, `rows` is empty): what is above keeps its place meanwhile. */
  ready: boolean;
}

/** Calls `then` once, in a layout effect, when `ready` first holds (the first page drawn). */
function useOnce(ready: boolean, then: (() => void) | undefined) {
  const told = useRef(false);
  useLayoutEffect(() => {
    if (!ready || told.current) return;
    told.current = true;
    then?.();
  }, [ready, then]);
}

/**
 * `onFirstPage`: called once, as the first page of rows is drawn and before it paints (./mount.tsx: the
 * server's drawing goes). `above`: drawn above the filter bar from the first render, told when the first rows are in (./results-page.tsx).
 */
export function ResultsGrid({ document: doc, onFirstPage, above }: { document: Document; onFirstPage?: () => void; above?: (view: ResultsView) => ReactNode }) {
  const contents = useMemo(() => readSheetContents(doc.contents), [doc]);
  const formNames = useFormNames(contents);
  const columns = useMemo(() => columnsOf(contents, formNames), [contents, formNames]);
  const order = useMemo(() => formOrder(contents), [contents]);
  const opened = useMemo(() => new Date(), []);
  // The filter starts at the local day 30 days ago; the rows load from a wider first window (in UTC days, whose
  // answer the server can write into the page's HTML): the rows the filter shows are all in it.
  const cutoff = useMemo(() => daysAgo(opened), [opened]);
  const { rows, loaded, total, firstReady, loading } = useSheetRows(doc.id, firstWindowStart(opened));
  const [from, setFrom] = useState<string>(() => dateInputValue(cutoff));
  const [direction, setDirection] = useState<SortDirection>('descending');
  const [skipWanted, setSkip] = useState(0);

  const fromDate = dateFromInput(from);
  const count = countOnOrAfter(rows, fromDate, loaded);
  const skip = clampSkip(skipWanted, count);
  const page = firstReady ? pageRows(rows, count, direction, skip) : undefined;
  const label = `Results of ${doc.name}`;
  useOnce(firstReady, onFirstPage);
  const changeFrom = (value: string) => {
    setFrom(value);
    setSkip(0);
  };

  const open = (submission: string | undefined) => submission && navigate(resultsPath(doc.id, submission));
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: SheetRow) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-form-id]');
    open((cell && row.submissions[cell.dataset.formId!]) || rowSubmission(row, order));
  };

  const toggleSort = () => {
    setDirection(direction === 'descending' ? 'ascending' : 'descending');
    setSkip(0);
  };
  const gridColumns = gridColumnsOf(doc.id, columns, order, { direction, onToggle: toggleSort });

  return (
    <section className="sheet-results" aria-label={label}>
      {above?.({ contents, rows, count, loaded, from: fromDate, setFrom: changeFrom, ready: firstReady })}
      <ResultsBar doc={doc} from={from} fromDate={fromDate} changeFrom={changeFrom} />
      <DataGrid
        className="sheet-results-grid"
        label={label}
        columns={gridColumns}
        rows={page}
        rowKey={rowKey}
        emptyText={NO_RESULTS}
        onRowClick={onRowClick}
        paging={{ skip, limit: RESULTS_PAGE_SIZE, total: count, onPage: setSkip }}
      />
      {/* Below the grid: the progress comes and goes while the older rows load, and moves nothing (issue #31: CLS). */}
      <p className="sheet-results-progress" role="status">
        {loading && firstReady ? progressText(loaded, total) : ''}
      </p>
      {loading && firstReady && <progress className="sheet-results-meter" max={Math.max(total, 1)} value={loaded} aria-label="Results loaded" />}
    </section>
  );
}

/** The grid's columns: Datetime (sortable, the row's link), Submitted By, then the sheet's questions. */
function gridColumnsOf(
  documentId: string,
  columns: ReturnType<typeof columnsOf>,
  order: ReturnType<typeof formOrder>,
  sort: { direction: SortDirection; onToggle: () => void },
): DataGridColumn<SheetRow>[] {
  return [
    {
      key: 'datetime',
      header: DATETIME,
      sort,
      cell: (row) => {
        const main = rowSubmission(row, order);
        const when = <span className="sheet-answer-date">{formatDateTime(row.created_at)}</span>;
        return main ? <a href={resultsPath(documentId, main)}>{when}</a> : when;
      },
    },
    { key: 'submitted-by', header: SUBMITTED_BY, cell: (row) => row.created_by_username ?? 'A former member' },
    ...columns.map(
      (column): DataGridColumn<SheetRow> => ({
        key: column.id,
        header: column.title,
        cellData: () => ({ 'data-form-id': column.formId }),
        cell: (row) => <ResultCell row={row} column={column} />,
      }),
    ),
  ];
}

/** The bar above the grid: the 'Datetime on or after' filter, Clear filter, Export CSV (the filter's window). */
function ResultsBar({ doc, from, fromDate, changeFrom }: { doc: Document; from: string; fromDate: Date | undefined; changeFrom: (value: string) => void }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await api.documentation.sheetCsv(doc.id, fromDate ? { start_time: Math.floor(fromDate.getTime() / 1000) } : {});
      saveBlob(blob, exportFileName(doc.name, 'csv'));
    } catch (err) {
      showAlert('warning', problemText(err, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="sheet-results-bar">
      <div className="sheet-results-filter field">
        <label htmlFor="sheet-results-from">Datetime on or after</label>
        <input
          id="sheet-results-from"
          type="date"
          value={from}
          onChange={(event) => changeFrom(event.target.value)}
        />
      </div>
      {from !== '' && (
        <button
          type="button"
          className="button text"
          onClick={() => changeFrom('')}
        >
          Clear filter
        </button>
      )}
      <button type="button" className="button secondary sheet-results-export" disabled={exporting} onClick={() => void exportCsv()}>
        {exporting ? 'Exporting…' : EXPORT_CSV}
      </button>
    </div>
  );
}

/**
 * An answer, and its valid flag as a tick or a cross: one inline run (on a phone's card the cell is a
 * grid of label and value, so the mark must not be an item of its own), the mark glued to the value's
 * last word by a no-break space; a date-time answer stays on one line (issue #32).
 */
function ResultCell({ row, column }: { row: SheetRow; column: ReturnType<typeof columnsOf>[number] }) {
  const text = cellText(column.valueType, row.record[column.id]?.value, formatDateTime);
  const valid = validFlag(row, column.id);
  return (
    <span className="sheet-answer">
      <span className={column.valueType === 'datetime' ? 'sheet-answer-text sheet-answer-date' : 'sheet-answer-text'}>{text}</span>
      {valid !== undefined && (
        <span className={valid ? 'sheet-valid' : 'sheet-invalid'} title={valid ? 'Valid' : 'Invalid'}>
          <span aria-hidden="true">{valid ? '\u00a0✓' : '\u00a0✗'}</span>
          <span className="visually-hidden">{valid ? ' Valid' : ' Invalid'}</span>
        </span>
      )}
    </span>
  );
}
