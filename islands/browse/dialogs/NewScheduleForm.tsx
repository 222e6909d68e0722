/**
 * The Schedule tab's New schedule form (issue #44): assigned to (the organisation, a role, a member, or one
 * of the checklist's share links — a kiosk station), how often (./schedule-form-state.ts), the time zone
 * (the browser's by default), the window, starts/ends, one for all, allow late and notes. Not a <form>: it
 * sits inside the Properties dialog's. The server judges the body; its refusal is shown as it says it.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlCheckbox from '@shoelace-style/shoelace/dist/react/checkbox/index.js';
import SlInput from '@shoelace-style/shoelace/dist/react/input/index.js';
import SlTextarea from '@shoelace-style/shoelace/dist/react/textarea/index.js';
import { useEffect, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { assigneeLabel } from '../../../src/client/stores/assignments.ts';
import type { ScheduleAssigneeType } from '../../../src/shared/api/schedules.ts';
import { readerTimeZone } from '../../../src/shared/date-time.ts';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { useTask } from '../../shared/use-task.ts';
import { HOW_OFTEN, newChoices, scheduleBody, type HowOften, type ScheduleChoices } from './schedule-form-state.ts';

interface Assignee {
  type: ScheduleAssigneeType;
  id: string;
  name: string;
}

const valueOf = (e: Event) => (e.target as HTMLInputElement).value;

/** Who a schedule may be given to: the organisation, roles and members, and the checklist's live share links. */
function useAssignees(documentId: string): Assignee[] {
  const [found, setFound] = useState<Assignee[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all([
      api.documentation.aclSubjects().then((l) => l.results, () => []),
      api.documentation.shareLinks(documentId).then((l) => l.results, () => []),
    ]).then(([subjects, links]) => {
      if (live) setFound([...subjects.map((s) => ({ type: s.type, id: s.id, name: s.name })), ...links.map((l) => ({ type: 'share_link' as const, id: l.id, name: l.name }))]);
    });
    return () => {
      live = false;
    };
  }, [documentId]);
  return found;
}

export function NewScheduleForm({ documentId, onMade, onCancel }: { documentId: string; onMade: () => void; onCancel: () => void }) {
  const assignees = useAssignees(documentId);
  const [choices, setChoices] = useState<ScheduleChoices>(() => newChoices(readerTimeZone()));
  const { busy, error, setError, run } = useTask();
  const set = (change: Partial<ScheduleChoices>) => setChoices((c) => ({ ...c, ...change }));

  async function make() {
    const body = scheduleBody(documentId, choices);
    if (typeof body === 'string') return setError(body);
    await run(async () => {
      await api.workflow.makeSchedule(body);
      onMade();
    });
  }

  return (
    <div className="new-schedule" role="group" aria-label="New schedule">
      <AssigneeField assignees={assignees} chosen={choices.assignee} onChoose={(assignee) => set({ assignee })} />
      <HowOftenField value={choices.howOften} onChange={(howOften) => set({ howOften })} />
      {choices.howOften === 'custom' ? (
        <SlInput label="Rule" placeholder="FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=6;BYMINUTE=0" value={choices.customRule} onSlInput={(e) => set({ customRule: valueOf(e) })} />
      ) : (
        <SlInput label={choices.howOften === 'hourly' ? 'At (the minute of each hour)' : 'At'} type="time" value={choices.at} onSlInput={(e) => set({ at: valueOf(e) })} />
      )}
      <SlInput label="Time zone" value={choices.timezone} onSlInput={(e) => set({ timezone: valueOf(e) })} />
      <SlInput label="Window (minutes)" type="number" min={1} value={choices.windowMinutes} onSlInput={(e) => set({ windowMinutes: valueOf(e) })} />
      <SlInput label="Starts" type="datetime-local" value={choices.startsAt} onSlInput={(e) => set({ startsAt: valueOf(e) })} />
      <SlInput label="Ends" type="datetime-local" value={choices.endsAt} onSlInput={(e) => set({ endsAt: valueOf(e) })} />
      <SlCheckbox checked={choices.oneForAll} onSlChange={(e) => set({ oneForAll: (e.target as HTMLInputElement).checked })}>
        One for all (only one assignee needs to do it)
      </SlCheckbox>
      <SlCheckbox checked={choices.allowLate} onSlChange={(e) => set({ allowLate: (e.target as HTMLInputElement).checked })}>
        Allow late submissions
      </SlCheckbox>
      <SlTextarea label="Notes" rows={2} value={choices.notes} onSlInput={(e) => set({ notes: valueOf(e) })} />
      <ErrorText text={error} />
      <div className="dialog-actions">
        <SlButton size="small" onClick={onCancel} disabled={busy}>
          Cancel
        </SlButton>
        <SlButton size="small" variant="primary" loading={busy} onClick={() => void make()}>
          Create schedule
        </SlButton>
      </div>
    </div>
  );
}

const key = (a: { type: ScheduleAssigneeType; id: string }) => `${a.type}:${a.id}`;

function AssigneeField({ assignees, chosen, onChoose }: { assignees: Assignee[]; chosen: ScheduleChoices['assignee']; onChoose: (assignee: ScheduleChoices['assignee']) => void }) {
  return (
    <label className="field">
      Assigned to
      <select
        value={chosen ? key(chosen) : ''}
        onChange={(e) => {
          const found = assignees.find((a) => key(a) === e.target.value);
          onChoose(found ? { type: found.type, id: found.id } : null);
        }}
      >
        <option value="">Choose…</option>
        {assignees.map((a) => (
          <option key={key(a)} value={key(a)}>
            {assigneeLabel(a)}
          </option>
        ))}
      </select>
    </label>
  );
}

function HowOftenField({ value, onChange }: { value: HowOften; onChange: (howOften: HowOften) => void }) {
  return (
    <label className="field">
      How often
      <select value={value} onChange={(e) => onChange(e.target.value as HowOften)}>
        {Object.entries(HOW_OFTEN).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
