/**
 * THE grid: every list of rows on a heavy screen is one of these — the admin lists (accounts §2 Admin
 * screens: users, invitations, roles, a role's holders, the activity log) and a result sheet's results
 * (documentation §4 "Sheet results"). A real <table> (caption, column headers with scope, one
 * row per item), a footer with the list's label and count ("Active Users 12"), and paging by skip/limit
 * (Previous / Next, "1–100 of N") when the list is longer than one page, so no list ever puts thousands
 * of rows in the DOM. Paging is the caller's: from the server (useServerPage) or a slice of rows in hand.
 *
 * A column may sort (its header a button, `aria-sort` on it); a row may open something when clicked; a
 * table wider than its card scrolls sideways inside it, and shows so: a shaded edge on each side that has
 * more (`.data-grid-edge`, issue #32), whatever the platform does with scrollbars. Words are never broken
 * inside a cell on a wide screen: a column is as wide as its longest word and the table scrolls instead.
 * An `actions` column holds a row's buttons side by side (its cell is not labelled again on a phone).
 *
 * Below 600 px the table stacks: each row becomes a card and each cell shows its column's header beside
 * its value (./data-grid.css). The explicit ARIA roles keep the table's semantics when CSS changes its
 * display.
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { pageRange } from '../../src/shared/first-paint/page-range.ts';

export { pageRange };

export type SortDirection = 'ascending' | 'descending';

export interface DataGridColumn<Row> {
  /** Stable key of the column (also its CSS hook: `data-column`). */
  key: string;
  /** The header text (the spec's words); also the cell's label when the grid stacks on a phone. */
  header: string;
  /** The cell's content for one row. */
  cell: (row: Row) => ReactNode;
  /** Shows the header only to screen readers (an icon column, say); the label still stacks. */
  headerHidden?: boolean;
  /** The column sorts the rows: its header is a button that turns the direction round. */
  sort?: { direction: SortDirection; onToggle: () => void };
  /** `data-*` attributes of the cell (what a click on it should open, say). */
  cellData?: (row: Row) => Record<`data-${string}`, string>;
  /** The row's buttons (each with its own accessible name): side by side, no label of the cell on a phone. */
  actions?: boolean;
}

export interface DataGridPaging {
  /** Index of the first row shown (0-based), as the API's `skip`. */
  skip: number;
  /** Rows per page, as the API's `limit`. */
  limit: number;
  /** How many rows there are in all. */
  total: number;
  /** `total` is a lower bound ("of 1,100+"): the server counted no further. */
  totalIsAtLeast?: boolean;
  /** Asks for the page starting at `skip`. */
  onPage: (skip: number) => void;
}

export interface DataGridProps<Row> {
  /** The table's accessible name (a caption only screen readers see), e.g. 'Roles'. */
  label: string;
  columns: readonly DataGridColumn<Row>[];
  /** The rows of the page shown; undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** A request is under way (the first page, or another page while the old one stays shown). */
  loading?: boolean;
  /** Shown in place of the rows when there are none. */
  emptyText?: string;
  /** Shown in place of the rows when the list could not be read. */
  errorText?: string;
  /** The footer's label and count, e.g. {label: 'Active Users', count: 12}. */
  footer?: { label: string; count: number; atLeast?: boolean };
  /** Paging controls; left out, the grid shows all its rows. */
  paging?: DataGridPaging;
  className?: string;
  /** A click on a row (not on a link or button in it); such rows show the pointer. */
  onRowClick?: (event: MouseEvent<HTMLTableRowElement>, row: Row) => void;
}

export function DataGrid<Row>({ label, columns, rows, rowKey, loading = false, emptyText = 'Empty', errorText, footer, paging, className, onRowClick }: DataGridProps<Row>) {
  const busy = loading || rows === undefined;
  const message = errorText ?? (rows === undefined ? 'Loading…' : rows.length === 0 && !loading ? emptyText : undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const more = useOverflow(scroller);
  return (
    <div className={`data-grid${className ? ` ${className}` : ''}`}>
      <div className="data-grid-frame">
      <div className="data-grid-scroll" ref={scroller}>
        <table className="data-grid-table" role="table" aria-busy={busy}>
          <caption className="visually-hidden">{label}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <th key={column.key} role="columnheader" scope="col" data-column={column.key} aria-sort={column.sort?.direction}>
                  <ColumnHeader column={column} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={loading && rows !== undefined ? 'data-grid-stale' : undefined}>
            {message !== undefined ? (
              <tr role="row" className="data-grid-message-row">
                <td role="cell" colSpan={columns.length}>
                  <span className={errorText ? 'error-text' : 'data-grid-message'} role={errorText ? 'alert' : 'status'}>
                    {message}
                  </span>
                </td>
              </tr>
            ) : (
              rows!.map((row) => (
                <tr
                  role="row"
                  key={rowKey(row)}
                  className={onRowClick ? 'data-grid-row-link' : undefined}
                  onClick={onRowClick && ((event) => !(event.target as HTMLElement).closest('a, button') && onRowClick(event, row))}
                >
                  {columns.map((column) => (
                    <td
                      role="cell"
                      key={column.key}
                      className={column.actions ? 'data-grid-actions' : undefined}
                      data-column={column.key}
                      data-label={column.header}
                      {...column.cellData?.(row)}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="data-grid-edge" data-side="left" aria-hidden="true" hidden={!more.left} />
      <div className="data-grid-edge" data-side="right" aria-hidden="true" hidden={!more.right} />
      </div>
      {(footer || paging) && (
        <div className="data-grid-footer">
          {footer && (
            <p className="data-grid-count">
              {footer.label}: <strong>{new Intl.NumberFormat().format(footer.count)}{footer.atLeast ? '+' : ''}</strong>
            </p>
          )}
          {paging && <Pager label={label} paging={paging} shown={rows?.length ?? 0} busy={busy} />}
        </div>
      )}
    </div>
  );
}

/** Whether the scrolling table has more to the left and to the right of what shows (on resize and scroll). */
function useOverflow(scroller: RefObject<HTMLDivElement | null>): { left: boolean; right: boolean } {
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [scroller]);
  return more;
}

/** A column's header: hidden from sight, plain, or a button that turns the sort round. */
function ColumnHeader<Row>({ column }: { column: DataGridColumn<Row> }) {
  if (column.headerHidden) return <span className="visually-hidden">{column.header}</span>;
  if (!column.sort) return <>{column.header}</>;
  return (
    <button type="button" className="data-grid-sort" onClick={column.sort.onToggle}>
      {column.header} <span aria-hidden="true">{column.sort.direction === 'descending' ? '▼' : '▲'}</span>
    </button>
  );
}

/** Previous / Next and the range shown ("1–100 of 2,345"); the range is announced when it changes. */
export function Pager({ label, paging, shown, busy }: { label: string; paging: DataGridPaging; shown: number; busy: boolean }) {
  const { skip, limit, total, onPage } = paging;
  const hasPrevious = skip > 0;
  const hasNext = skip + limit < total;
  return (
    <nav className="data-grid-pager" aria-label={`${label} pages`}>
      <span className="data-grid-range" aria-live="polite">
        {pageRange(skip, shown, total, paging.totalIsAtLeast)}
      </span>
      {/* aria-disabled, not disabled: the button keeps the focus when it reaches the first or last page. */}
      <button type="button" className="button secondary" aria-disabled={!hasPrevious} onClick={() => hasPrevious && !busy && onPage(Math.max(0, skip - limit))}>
        Previous
      </button>
      <button type="button" className="button secondary" aria-disabled={!hasNext} onClick={() => hasNext && !busy && onPage(skip + limit)}>
        Next
      </button>
    </nav>
  );
}
