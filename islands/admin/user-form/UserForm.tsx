/**
 * The user create and edit pages (accounts §2 "User edit and create pages; roles chosen in a transfer
 * list", §5 "Create user", §7 `users/`, `users/{id}`, §8): `/admin/users/new` creates an account and its
 * membership at once (POST users/); `/admin/users/{id}` shows the member, saves PUT users/{id} (e-mail,
 * full name, org admin, roles) and offers Delete. Both go back to /admin/users after a save. The server's
 * refusals (the last org admin, plan limits, a taken username) show as its detail.
 */
import '../../../src/client/shoelace.ts';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { api, ApiError, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { lastSegment, navigate } from '../../../src/client/navigation.ts';
import { signedInPage } from '../../../src/client/signed-in-user.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { AdminUser } from '../../../src/shared/api/users.ts';
import { TransferList } from '../shared/TransferList.tsx';
import { withOptions, type TransferOption } from '../shared/transfer-list-state.ts';
import { allRoles } from '../users/all-roles.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { usersPath } from '../shared/admin-paths.ts';
import {
  canCreateUser,
  canUpdateUser,
  createBody,
  emptyUserForm,
  errorStands,
  fieldsOfRefusal,
  formOfUser,
  updateBody,
  type FormError,
  type UserFormValues,
} from './user-form-state.ts';
import { EraseAccount } from './EraseAccount.tsx';

const DeleteUserDialog = lazy(() => import('./DeleteUserDialog.tsx').then((m) => ({ default: m.DeleteUserDialog })));


type Loaded = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; roles: TransferOption[]; user?: AdminUser };

/** The island: `/admin/users/new` creates, `/admin/users/{id}` edits. */
export default function UserForm() {
  const userId = location.pathname.replace(/\/+$/, '').endsWith('/users/new') ? undefined : lastSegment();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    signedInPage(() => Promise.all([allRoles('roles'), userId ? api.users.get(userId, 'user') : Promise.resolve(undefined)]))
      .then(({ data: [roles, user] }) => {
        if (live) setLoaded({ status: 'ready', roles: withOptions(roles, user?.roles ?? []), user });
      })
      .catch((error: unknown) => live && setLoaded({ status: 'failed', detail: problemText(error, 'please try again') }));
    return () => void (live = false);
  }, [userId]);

  const heading = userId ? 'Edit User' : 'New User';
  return (
    <section className="admin-page" aria-labelledby="user-form-heading">
      <h1 className="page-heading" id="user-form-heading">
        {heading}
      </h1>
      {loaded.status === 'loading' && <p className="admin-loading">Loading…</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className="error-text">
          Something went wrong: {loaded.detail}
        </p>
      )}
      {loaded.status === 'ready' && <UserFormBody roles={loaded.roles} user={loaded.user} />}
    </section>
  );
}

/** Creates the user, or saves the changes to one, and goes back to the list with the news. */
async function sendUser(form: UserFormValues, user: AdminUser | undefined) {
  if (!user) {
    const created = await api.users.create(createBody(form));
    showAlertAfterNavigation('success', `User ${created.user_account.username} has been created.`);
  } else {
    await api.users.update(user.id, updateBody(form));
    showAlertAfterNavigation('success', `User ${user.user_account.username} has been updated.`);
  }
  navigate(usersPath);
}

type TextKey = 'username' | 'fullName' | 'email';

interface TextFieldProps {
  id: string;
  label: string;
  type: string;
  value: string;
  readOnly: boolean;
  autoComplete: string;
  onChange: (value: string) => void;
}

/** One required text field of the form. */
function TextField({ id, label, type, value, readOnly, autoComplete, onChange }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} required readOnly={readOnly} autoComplete={autoComplete} onChange={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}

function UserFormBody({ roles, user }: { roles: TransferOption[]; user: AdminUser | undefined }) {
  const creating = user === undefined;
  const [form, setForm] = useState<UserFormValues>(() => (user ? formOfUser(user) : emptyUserForm()));
  const [busy, setBusy] = useState(false);
  // The server's refusal, shown until its cause is changed (errorStands).
  const [refusal, setRefusal] = useState<FormError | undefined>();
  const error = refusal && errorStands(refusal, form) ? refusal.text : '';
  const [deleting, setDeleting] = useState(false);
  const ids = useId();
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => setForm((f) => ({ ...f, [key]: value }));
  const canSave = creating ? canCreateUser(form) : canUpdateUser(form);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!canSave || busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await sendUser(form, user);
    } catch (err) {
      setRefusal({ text: problemText(err, SOMETHING_WENT_WRONG), fields: fieldsOfRefusal(err instanceof ApiError ? err.body : undefined), form });
      setBusy(false);
    }
  }

  const text = (key: TextKey, label: string, type: string, autoComplete: string) => (
    <TextField id={`${ids}-${key}`} label={label} type={type} value={form[key]} readOnly={key === 'username' && !creating} autoComplete={autoComplete} onChange={(value) => set(key, value)} />
  );

  return (
    <form className="card admin-form user-form" onSubmit={save} noValidate>
      {text('username', 'Username', 'text', 'off')}
      {text('fullName', 'Full Name', 'text', 'off')}
      {text('email', 'Email', 'email', 'off')}
      {creating && (
        <PasswordFields
          ids={ids}
          password={form.password}
          retyped={form.retypedPassword}
          onPassword={(value) => set('password', value)}
          onRetyped={(value) => set('retypedPassword', value)}
        />
      )}
      <label className="checkbox-field">
        <input type="checkbox" checked={form.isOrgAdmin} onChange={(e) => set('isOrgAdmin', e.currentTarget.checked)} />
        Organization Admin
      </label>
      {creating && (
        <label className="checkbox-field">
          <input type="checkbox" checked={form.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
          Active
        </label>
      )}
      <TransferList legend="Roles" options={roles} chosen={form.roles} onChange={(chosen) => set('roles', chosen)} noun={['role', 'roles']} />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <UserFormActions busy={busy} canSave={canSave} creating={creating} onDelete={() => setDeleting(true)} />
      {!creating && user && <EraseAccount user={user} />}
      {deleting && user && (
        <Suspense fallback={null}>
          <DeleteUserDialog user={user} onClosed={() => setDeleting(false)} />
        </Suspense>
      )}
    </form>
  );
}

/** Save, Cancel, and Delete at the far end: as on Edit Role (issue #32, one anatomy). */
function UserFormActions({ busy, canSave, creating, onDelete }: { busy: boolean; canSave: boolean; creating: boolean; onDelete: () => void }) {
  return (
    <div className="admin-actions user-form-actions">
      <button type="submit" className="button" disabled={!canSave || busy} aria-busy={busy}>
        Save
      </button>
      <a className="button secondary" href={usersPath}>
        Cancel
      </a>
      {!creating && (
        <button type="button" className="button danger admin-actions-end" onClick={onDelete}>
          Delete
        </button>
      )}
    </div>
  );
}
