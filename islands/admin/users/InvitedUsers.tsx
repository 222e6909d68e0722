/**
 * The Invited tab (accounts §2 "Invited columns: Email, Roles (N/A if none), Creation, Expiry, QR Code,
 * Copy Link, Resend, Edit, Cancel; footer Pending Invitations count", §8's messages, §9 "Invite link is
 * the site origin plus /invitation/{id}"). GET auth/org-invites answers every pending invitation; the
 * grid shows them a page at a time.
 *
 * The spec's five one-button columns are one 'Actions' column of icon buttons (issue #32: five columns
 * of one button each squeezed Email and Roles until words broke, and a phone's card said each action
 * twice). Each button keeps its spec word as the start of its accessible name and as its tooltip.
 */
import { Fragment, lazy, Suspense, useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import type { OrgInvitation } from '../../../src/shared/api/accounts.ts';
import { DataGrid, type DataGridColumn } from '../../shared/DataGrid.tsx';
import type { RolesState } from './users-state.ts';
import { useInvitations } from './use-invitations.ts';
import { inviteLink, invitePath, messages, pageOf, rolesText, USERS_PAGE_SIZE } from './users-state.ts';

const EditInvitationDialog = lazy(() => import('./EditInvitationDialog.tsx').then((m) => ({ default: m.EditInvitationDialog })));
const CancelInvitationDialog = lazy(() => import('./CancelInvitationDialog.tsx').then((m) => ({ default: m.CancelInvitationDialog })));
const QrCodeDialog = lazy(() => import('../../shared/QrCodeDialog.tsx').then((m) => ({ default: m.QrCodeDialog })));

/** The actions' icons (24 × 24 strokes): a QR code, a chain link, a paper plane, a pencil, a cross. */
const ICONS = {
  'QR Code': 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2M14 18h2v2M18 18h2v2h-2zM7 7h.01M17 7h.01M7 17h.01',
  'Copy Link': 'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
  Resend: 'M21 3 10 14M21 3l-7 18-4-7-7-4z',
  Edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  Cancel: 'M6 6l12 12M18 6 6 18',
} as const;

type Dialog = { type: 'edit' | 'cancel' | 'qr'; invitation: OrgInvitation };

async function copyLink(invitation: OrgInvitation) {
  const link = inviteLink((await signedInUser()).public_url, invitation.id);
  try {
    await navigator.clipboard.writeText(link);
    showAlert('success', messages.linkCopied);
  } catch {
    showAlert('error', messages.copyFailed(link));
  }
}

async function resend(invitation: OrgInvitation) {
  try {
    await api.auth.updateOrgInvite(invitation.id, { resend_email: true });
    showAlert('success', messages.resent);
  } catch (error) {
    showAlert('error', problemText(error, SOMETHING_WENT_WRONG));
  }
}

/** One icon button of the Actions column: its spec word starts its accessible name and is its tooltip. */
function InviteAction({ label, name, onClick }: { label: keyof typeof ICONS; name: string; onClick: () => void }) {
  return (
    <button type="button" className="invite-action" aria-label={`${label} ${name}`} title={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={ICONS[label]} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      </svg>
    </button>
  );
}

/**
 * A date and time that may wrap between its date and its time, never inside either ("Dec 7, 2026," / "10:53 AM"):
 * at 1280 px the grid keeps its five actions in view whatever the hour's width (issue #43 item 14).
 */
function dateTimeCell(iso: string) {
  const text = formatDateTime(iso);
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <time dateTime={iso}>{text}</time>;
  return (
    <time dateTime={iso}>
      <span className="date-part">{text.slice(0, cut + 1)}</span> <span className="date-part">{text.slice(cut + 2)}</span>
    </time>
  );
}

function invitationColumns(open: (type: Dialog['type'], invitation: OrgInvitation) => void): DataGridColumn<OrgInvitation>[] {
  return [
    { key: 'email', header: 'Email', cell: (i) => addressCell(i.email) },
    { key: 'roles', header: 'Roles', cell: (i) => rolesText(i.roles) },
    { key: 'created_at', header: 'Creation', cell: (i) => dateTimeCell(i.created_at) },
    { key: 'expiry', header: 'Expiry', cell: (i) => dateTimeCell(i.expiry) },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      cell: (i) => (
        <>
          <InviteAction label="QR Code" name={`for the invitation to ${i.email}`} onClick={() => open('qr', i)} />
          <InviteAction label="Copy Link" name={`of the invitation to ${i.email}`} onClick={() => void copyLink(i)} />
          <InviteAction label="Resend" name={`the invitation to ${i.email}`} onClick={() => void resend(i)} />
          <InviteAction label="Edit" name={`the invitation to ${i.email}`} onClick={() => open('edit', i)} />
          <InviteAction label="Cancel" name={`the invitation to ${i.email}`} onClick={() => open('cancel', i)} />
        </>
      ),
    },
  ];
}

export function InvitedUsers({ roles, reloadKey }: { roles: RolesState; reloadKey: number }) {
  const { loaded, skip, setSkip, reload } = useInvitations(reloadKey);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const columns = invitationColumns((type, invitation) => setDialog({ type, invitation }));
  const invitations = loaded.status === 'ready' ? loaded.invitations : undefined;
  const total = invitations?.length ?? 0;
  const closed = () => setDialog(undefined);

  return (
    <>
      <DataGrid
        label="Pending Invitations"
        className="invitations-grid"
        columns={columns}
        rows={invitations && pageOf(invitations, skip)}
        rowKey={(i) => i.id}
        errorText={loaded.status === 'failed' ? loaded.detail : undefined}
        footer={{ label: 'Pending Invitations', count: total }}
        paging={total > USERS_PAGE_SIZE ? { skip, limit: USERS_PAGE_SIZE, total, onPage: setSkip } : undefined}
      />
      <Suspense fallback={null}>
        {dialog?.type === 'qr' && <QrCodeDialog name={dialog.invitation.email} address={invitePath(dialog.invitation.id)} onClosed={closed} />}
        {dialog?.type === 'edit' && (
          <EditInvitationDialog invitation={dialog.invitation} roles={roles.status === 'ready' ? roles.roles : []} onSaved={reload} onClosed={closed} />
        )}
        {dialog?.type === 'cancel' && <CancelInvitationDialog invitation={dialog.invitation} onCancelled={reload} onClosed={closed} />}
      </Suspense>
    </>
  );
}

/** An address that may wrap after its dots and its @, never inside a word (issue #43: a long address keeps Expiry whole). */
function addressCell(address: string) {
  const parts = address.split(/(?<=[.@])/);
  return parts.map((part, n) => (
    <Fragment key={n}>
      {n > 0 && <wbr />}
      <span className="address-part">{part}</span>
    </Fragment>
  ));
}
