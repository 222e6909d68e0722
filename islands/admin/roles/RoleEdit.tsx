/**
 * A role's page: /admin/roles/new creates one, /admin/roles/{id} edits one (accounts §2, §3 Role, §5
 * "Role: name required; create disabled while empty"). Name, description and list_filterable; Save;
 * on the edit page Delete (confirmed in a dialog) and the users holding the role. A refused save shows
 * the server's detail above the buttons (409 for a name the organisation already has).
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { api } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { RoleWithHolders } from '../../../src/shared/api/roles.ts';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { useTask } from '../../shared/use-task.ts';
import { rolesPath } from '../shared/admin-paths.ts';
import { ReadFirst } from '../shared/ReadFirst.tsx';
import { messages } from './messages.ts';
import { RoleHolders } from './RoleHolders.tsx';
import { roleIdFromAddress } from './role-address.ts';
import { canSaveRole, ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, roleBody } from './role-form.ts';

// The confirmation (and the Shoelace parts it uses) loads when Delete is first pressed.
const DeleteRoleDialog = lazy(() => import('./DeleteRoleDialog.tsx').then((m) => ({ default: m.DeleteRoleDialog })));

/** The role, read beside auth/me (it is the page's first read, `role`); the page shows once both are in. */
function readRole(): Promise<RoleWithHolders> {
  const role = api.roles.get(roleIdFromAddress(), 'role');
  role.catch(() => undefined);
  return signedInUser().then(() => role);
}

/** `mode` 'new' on /admin/roles/new; 'edit' reads the id from the address. */
export default function RoleEdit({ mode }: { mode: 'new' | 'edit' }) {
  return (
    <ReadFirst read={mode === 'edit' ? readRole : undefined} failed={messages.loadFailed} back={{ href: rolesPath, text: messages.backToRoles }}>
      {(role) => <RoleForm role={role} />}
    </ReadFirst>
  );
}

function RoleForm({ role }: { role: RoleWithHolders | undefined }) {
  const ids = useId();
  const [values, setValues] = useState<RoleValues>({ name: role?.name ?? '', description: role?.description ?? '', listFilterable: role?.list_filterable ?? false });
  const { name, description, listFilterable } = values;
  const { busy, error, run } = useTask();
  const [confirming, setConfirming] = useState(false);
  const named = canSaveRole({ name });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!named || busy) return;
    const body = roleBody({ name, description, list_filterable: listFilterable });
    await run(
      async () => {
        const saved = role ? await api.roles.update(role.id, body) : await api.roles.create(body);
        showAlertAfterNavigation('success', role ? messages.saved(saved.name) : messages.created(saved.name));
        navigate(rolesPath);
      },
      { leaves: true },
    );
  }

  return (
    <>
      <form className="card admin-form" onSubmit={(e) => void save(e)} aria-describedby={error ? `${ids}-error` : undefined}>
        <RoleFields ids={ids} values={values} onChange={(change) => setValues((v) => ({ ...v, ...change }))} />
        <ErrorText text={error} id={`${ids}-error`} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={!named || busy}>
            {busy ? messages.saving : messages.save}
          </button>
          <a className="button secondary" href={rolesPath}>
            {messages.cancel}
          </a>
          {role && (
            <button type="button" className="button danger admin-actions-end" disabled={busy} onClick={() => setConfirming(true)}>
              {messages.delete}
            </button>
          )}
        </div>
      </form>
      {role && <RoleHolders holders={role.users} />}
      {role && confirming && (
        <Suspense fallback={null}>
          <DeleteRoleDialog role={role} onClosed={() => setConfirming(false)} />
        </Suspense>
      )}
    </>
  );
}

interface RoleValues {
  name: string;
  description: string;
  listFilterable: boolean;
}

/** The role's name (required), description, and whether lists may be filtered by it. */
function RoleFields({ ids, values, onChange }: { ids: string; values: RoleValues; onChange: (change: Partial<RoleValues>) => void }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-name`}>{messages.name}</label>
        <input
          id={`${ids}-name`}
          name="name"
          required
          aria-required="true"
          maxLength={ROLE_NAME_MAX}
          autoComplete="off"
          value={values.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>{messages.description}</label>
        <textarea
          id={`${ids}-description`}
          name="description"
          maxLength={ROLE_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      <div className="checkbox-field">
        <input
          id={`${ids}-filterable`}
          type="checkbox"
          name="list_filterable"
          checked={values.listFilterable}
          aria-describedby={`${ids}-filterable-hint`}
          onChange={(e) => onChange({ listFilterable: e.target.checked })}
        />
        <label htmlFor={`${ids}-filterable`}>{messages.listFilterable}</label>
      </div>
      <p className="hint" id={`${ids}-filterable-hint`}>
        {messages.listFilterableHint}
      </p>
    </>
  );
}
