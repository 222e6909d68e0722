/**
 * The users screen (accounts §2 Admin screens "Users"): tabs Active and Invited, an invite button, and
 * New User (the create page). Each tab is a grid (THE grid, islands/shared/DataGrid.tsx): the
 * members paged by the server, the pending invitations paged in the page. A tab keeps its state once
 * shown; Invite switches to Invited so the new invitation is in view.
 */
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { problemText } from '../../../src/client/api.ts';
import { guardRedirect } from '../../../src/client/guards.ts';
import { signedInPage } from '../../../src/client/signed-in-user.ts';
import type { RolesState } from './users-state.ts';
import { allRoles } from './all-roles.ts';
import { ActiveUsers } from './ActiveUsers.tsx';
import { InvitedUsers } from './InvitedUsers.tsx';
import { usersPath } from '../shared/admin-paths.ts';

const InviteDialog = lazy(() => import('./InviteDialog.tsx').then((m) => ({ default: m.InviteDialog })));

type Tab = 'active' | 'invited';
const TABS: { id: Tab; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'invited', label: 'Invited' },
];


export default function UsersAdmin() {
  // A visitor the stored state sends away (signed out, not an org admin) asks for nothing.
  const [staying] = useState(() => guardRedirect('org-admin') === undefined);
  return staying ? <UsersScreen /> : null;
}

/** The roles, read once for both tabs and the invite dialog. */
function useRoles(): RolesState {
  const [roles, setRoles] = useState<RolesState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    signedInPage(() => allRoles('roles')).then(
      ({ data }) => live && setRoles({ status: 'ready', roles: data }),
      (error: unknown) => live && setRoles({ status: 'failed', detail: problemText(error, 'The roles could not be loaded.') }),
    );
    return () => void (live = false);
  }, []);
  return roles;
}

/** The tab chosen, and the tabs shown once (a tab keeps its state once shown). */
function useTabs() {
  const [tab, setTab] = useState<Tab>('active');
  const [shown, setShown] = useState<ReadonlySet<Tab>>(new Set(['active']));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  function choose(next: Tab, focus = false) {
    setTab(next);
    setShown((s) => (s.has(next) ? s : new Set([...s, next])));
    if (focus) tabs.current[TABS.findIndex((t) => t.id === next)]?.focus();
  }
  return { tab, shown, tabs, choose };
}

/** The tab list: arrows, Home and End move between the tabs (the WAI-ARIA tabs pattern). */
function UsersTabList({ tab, tabs, onChoose }: { tab: Tab; tabs: RefObject<(HTMLButtonElement | null)[]>; onChoose: (next: Tab, focus?: boolean) => void }) {
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = TABS.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onChoose(TABS[to]!.id, true);
  }
  return (
    <div role="tablist" aria-label="Users" className="users-tabs">
      {TABS.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => void (tabs.current[i] = el)}
          type="button"
          role="tab"
          id={`users-tab-${t.id}`}
          aria-controls={`users-panel-${t.id}`}
          aria-selected={tab === t.id}
          tabIndex={tab === t.id ? 0 : -1}
          className="users-tab"
          onClick={() => onChoose(t.id)}
          onKeyDown={(e) => onTabKey(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function UsersScreen() {
  const { tab, shown, tabs, choose } = useTabs();
  const [inviting, setInviting] = useState(false);
  const [invitations, setInvitations] = useState(0);
  const roles = useRoles();

  return (
    <section className="admin-page users-admin" aria-labelledby="users-heading">
      <div className="admin-header">
        <h1 className="page-heading" id="users-heading">
          Users
        </h1>
        <div className="admin-actions">
          <a className="button secondary" href={`${usersPath}/new`}>
            New User
          </a>
          <button type="button" className="button" onClick={() => setInviting(true)}>
            Invite User
          </button>
        </div>
      </div>
      <UsersTabList tab={tab} tabs={tabs} onChoose={choose} />
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`users-panel-${t.id}`} aria-labelledby={`users-tab-${t.id}`} hidden={tab !== t.id} className="users-panel">
          {shown.has(t.id) && (t.id === 'active' ? <ActiveUsers roles={roles} /> : <InvitedUsers roles={roles} reloadKey={invitations} />)}
        </div>
      ))}
      {inviting && (
        <Suspense fallback={null}>
          <InviteDialog
            roles={roles.status === 'ready' ? roles.roles : []}
            onInvited={() => {
              setInvitations((n) => n + 1);
              choose('invited');
            }}
            onClosed={() => setInviting(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
