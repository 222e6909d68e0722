/**
 * Who hears of an answer that fails validation (documentation §4: "validation roles and users toggle in
 * or out"): the organisation's roles and users from auth/acl-subjects, each a toggle that adds or
 * removes its id in `validation.roles` / `validation.users`. Ids of subjects that no longer exist stay
 * as they are (and are counted), so nothing is dropped silently.
 */
import { useId, type Dispatch } from 'react';
import type { AclSubject } from '../../src/shared/api/documentation.ts';
import type { Validation } from '../../src/shared/checklists/value-types.ts';
import type { EditorAction } from './editor-state.ts';

interface Props {
  id: string;
  questionLabel: string;
  validation: Validation;
  subjects: AclSubject[] | 'loading' | 'failed';
  dispatch: Dispatch<EditorAction>;
}

function SubjectToggles({ legend, kind, subjects, chosen, onToggle }: {
  legend: string;
  kind: 'roles' | 'users';
  subjects: AclSubject[];
  chosen: string[];
  onToggle: (kind: 'roles' | 'users', subjectId: string) => void;
}) {
  const legendId = useId();
  return (
    <fieldset className="recipients-group" aria-labelledby={legendId}>
      <legend id={legendId}>{legend}</legend>
      {subjects.length === 0 ? (
        <p className="hint">None in this organisation.</p>
      ) : (
        subjects.map((subject) => (
          <label key={subject.id} className="check">
            <input type="checkbox" checked={chosen.includes(subject.id)} onChange={() => onToggle(kind, subject.id)} />
            {subject.name}
          </label>
        ))
      )}
    </fieldset>
  );
}

export function ValidationRecipients({ id, questionLabel, validation, subjects, dispatch }: Props) {
  const count = validation.roles.length + validation.users.length;
  const toggle = (kind: 'roles' | 'users', subjectId: string) => dispatch({ type: 'toggleRecipient', id, kind, subjectId });
  return (
    <details className="recipients">
      <summary>
        Notify of validation errors <span className="recipients-count">({count} chosen)</span>
        <span className="visually-hidden"> for {questionLabel}</span>
      </summary>
      {subjects === 'loading' && <p className="hint">Loading roles and users…</p>}
      {subjects === 'failed' && <p className="error-text">The roles and users could not be loaded.</p>}
      {Array.isArray(subjects) && (
        <div className="recipients-groups">
          <SubjectToggles legend="Roles" kind="roles" subjects={subjects.filter((s) => s.type === 'role')} chosen={validation.roles} onToggle={toggle} />
          <SubjectToggles legend="Users" kind="users" subjects={subjects.filter((s) => s.type === 'user')} chosen={validation.users} onToggle={toggle} />
        </div>
      )}
    </details>
  );
}
