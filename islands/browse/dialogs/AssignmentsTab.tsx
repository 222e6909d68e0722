/**
 * The Properties dialog's Assignments tab (documentation §2 "Edit-properties dialog": Properties,
 * Permissions, Assignments): the item's assignments, open and completed (GET workflow/assignments with
 * folder_id or document_id) — to whom, the notes, claimed or not (and by whom), done or not — and, with
 * the action table's `assign`, 'Add Assignment', which opens the assign dialog on top. The list is read
 * again after every assignment made on the page ($assignmentsMade).
 */
import { useStore } from '@nanostores/react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import type SlButtonElement from '@shoelace-style/shoelace/dist/components/button/button.component.js';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { api, problemText } from '../../../src/client/api.ts';
import { $assignmentsMade, assigneeLabel } from '../../../src/client/stores/assignments.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import type { Assignment } from '../../../src/shared/api/assignments.ts';
import { allows } from '../../../src/shared/permissions/index.ts';
import type { FollowSubject } from '../follow.ts';

const AssignDialog = lazy(() => import('./AssignDialog.tsx').then((m) => ({ default: m.AssignDialog })));

export const NO_ASSIGNMENTS = 'No assignments';

function state(a: Assignment): string {
  if (a.completed) return a.claimed_by_username ? `Done by ${a.claimed_by_username}` : 'Done';
  if (a.claimed) return a.claimed_by_username ? `Claimed by ${a.claimed_by_username}` : 'Claimed';
  return 'Unclaimed';
}

export function AssignmentsTab({ item }: { item: FollowSubject }) {
  const made = useStore($assignmentsMade);
  const [found, setFound] = useState<Assignment[] | { error: string } | undefined>();
  const [assigning, setAssigning] = useState(false);
  const addButton = useRef<SlButtonElement>(null);

  useEffect(() => {
    let live = true;
    api.workflow.assignmentsOf(item.kind, item.id).then(
      (list) => live && setFound(list.results),
      (err: unknown) => live && setFound({ error: problemText(err, 'The assignments could not be loaded.') }),
    );
    return () => {
      live = false;
    };
  }, [item.kind, item.id, made]);

  let body;
  if (!found) body = <SlSpinner aria-label="Loading assignments" />;
  else if ('error' in found) {
    body = (
      <p className="error-text" role="alert">
        {found.error}
      </p>
    );
  } else if (found.length === 0) body = <p className="hint">{NO_ASSIGNMENTS}</p>;
  else {
    body = (
      <ul className="assignment-list" aria-label={`Assignments of ${item.name}`}>
        {found.map((a) => (
          <li key={a.id} className="assignment-entry">
            <p className="assignment-assignee">{assigneeLabel(a.assigned_to)}</p>
            <p className="assignment-state" data-claimed={a.claimed}>
              {state(a)}
            </p>
            {a.notes && <p className="assignment-notes">{a.notes}</p>}
            <p className="hint">
              Assigned <time dateTime={a.assigned_at}>{formatDateTime(a.assigned_at)}</time>
              {a.assigned_by_username ? ` by ${a.assigned_by_username}` : ''}
            </p>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="assignments-tab">
      {body}
      {allows(item.user_permissions, 'assign') && (
        <SlButton ref={addButton} size="small" onClick={() => setAssigning(true)}>
          Add Assignment
        </SlButton>
      )}
      {/* On top of the Properties dialog, outside its form (a form may not hold another). */}
      {assigning &&
        createPortal(
          <Suspense fallback={null}>
            <AssignDialog
              item={item}
              onClosed={() => {
                setAssigning(false);
                addButton.current?.focus();
              }}
            />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}
