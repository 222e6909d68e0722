/**
 * The Properties dialog's Schedule tab, beside Assignments, for a checklist (issue #44): its schedules —
 * to whom, how often, the next due time — each with Delete (with Write), and New schedule
 * (./NewScheduleForm.tsx). The Schedules page (/documentation/schedules) lists every schedule.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { useEffect, useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { assigneeLabel } from '../../../src/client/stores/assignments.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import type { Schedule } from '../../../src/shared/api/schedules.ts';
import { allows } from '../../../src/shared/permissions/index.ts';
import { schedulePath } from '../../../src/shared/page-addresses.ts';
import type { FollowSubject } from '../follow.ts';
import { NewScheduleForm } from './NewScheduleForm.tsx';

export const NO_SCHEDULES = 'No schedules';

function ScheduleEntry({ schedule, canWrite, onDeleted }: { schedule: Schedule; canWrite: boolean; onDeleted: (error: string) => void }) {
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await api.workflow.deleteSchedule(schedule.id);
      onDeleted('');
    } catch (err) {
      onDeleted(problemText(err, SOMETHING_WENT_WRONG));
      setBusy(false);
    }
  }
  return (
    <li className="assignment-entry">
      <p className="assignment-assignee">
        <a href={schedulePath(schedule.id)}>{assigneeLabel(schedule.assigned_to)}</a>
      </p>
      <p className="hint">
        {schedule.rrule} ({schedule.timezone}), open {schedule.window_minutes} min
      </p>
      <p className="hint">
        {schedule.next_due_at ? (
          <>
            Next due <time dateTime={schedule.next_due_at}>{formatDateTime(schedule.next_due_at)}</time>
          </>
        ) : (
          'Ended'
        )}
      </p>
      {schedule.notes && <p className="assignment-notes">{schedule.notes}</p>}
      {canWrite && (
        <SlButton size="small" variant="danger" outline loading={busy} onClick={() => void remove()}>
          Delete
        </SlButton>
      )}
    </li>
  );
}

export function ScheduleTab({ item }: { item: FollowSubject }) {
  const [found, setFound] = useState<Schedule[] | undefined>();
  const [error, setError] = useState('');
  const [read, setRead] = useState(0);
  const [making, setMaking] = useState(false);
  const canWrite = allows(item.user_permissions, 'edit');

  useEffect(() => {
    let live = true;
    api.workflow.schedulesOf(item.id).then(
      (list) => live && setFound(list.results),
      (err: unknown) => live && setError(problemText(err, 'The schedules could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, [item.id, read]);

  const again = () => setRead((n) => n + 1);
  return (
    <div className="assignments-tab schedule-tab">
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {!found && !error && <SlSpinner aria-label="Loading schedules" />}
      {found && found.length === 0 && <p className="hint">{NO_SCHEDULES}</p>}
      {found && found.length > 0 && (
        <ul className="assignment-list" aria-label={`Schedules of ${item.name}`}>
          {found.map((s) => (
            <ScheduleEntry key={s.id} schedule={s} canWrite={canWrite} onDeleted={(e) => (e ? setError(e) : again())} />
          ))}
        </ul>
      )}
      {canWrite && !making && (
        <SlButton size="small" onClick={() => setMaking(true)}>
          New schedule
        </SlButton>
      )}
      {making && (
        <NewScheduleForm
          documentId={item.id}
          onCancel={() => setMaking(false)}
          onMade={() => {
            setMaking(false);
            again();
          }}
        />
      )}
    </div>
  );
}
