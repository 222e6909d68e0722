/** The filters of a checklist's results page (issue #45): From, To, By (day, week, month), Status, Submitted By. */
import type { Submitter } from '../../src/shared/api/analytics.ts';
import { submitterChoices, type ResultsFilters } from './results-filters.ts';

interface Props {
  filters: ResultsFilters;
  submitters: readonly Submitter[];
  onChange: (next: Partial<ResultsFilters>) => void;
}

export function ResultsFilterBar({ filters, submitters, onChange }: Props) {
  const choices = submitterChoices(submitters);
  const chosen = filters.submitter;
  return (
    <div className="sheet-results-bar checklist-filters">
      <div className="sheet-results-filter field">
        <label htmlFor="checklist-results-from">From</label>
        <input id="checklist-results-from" type="date" value={filters.from} max={filters.to} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="sheet-results-filter field">
        <label htmlFor="checklist-results-to">To</label>
        <input id="checklist-results-to" type="date" value={filters.to} min={filters.from} onChange={(e) => onChange({ to: e.target.value })} />
      </div>
      <div className="sheet-results-filter field">
        <label htmlFor="checklist-results-bucket">By</label>
        <select id="checklist-results-bucket" value={filters.bucket} onChange={(e) => onChange({ bucket: e.target.value as ResultsFilters['bucket'] })}>
          <option value="day">Day</option>
          <option value="week">Week</option>
          <option value="month">Month</option>
        </select>
      </div>
      <div className="sheet-results-filter field">
        <label htmlFor="checklist-results-status">Status</label>
        <select id="checklist-results-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as ResultsFilters['status'] })}>
          <option value="">Valid and failing</option>
          <option value="valid">Valid</option>
          <option value="failing">Failing</option>
        </select>
      </div>
      <div className="sheet-results-filter field checklist-submitter">
        <label htmlFor="checklist-results-submitter">Submitted By</label>
        <select id="checklist-results-submitter" value={chosen} onChange={(e) => onChange({ submitter: e.target.value })}>
          <option value="">Everyone</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          {chosen !== '' && !choices.some((c) => c.value === chosen) && <option value={chosen}>The one chosen</option>}
        </select>
      </div>
    </div>
  );
}
