/**
 * THE API client: one typed function per call of the spec, over the one transport
 * (src/shared/transport: ofetch, the bearer token from local storage, `{detail}` errors as `ApiError`,
 * Idempotency-Key). Page modules and islands reach the server only through it; the elements make their own
 * transport with the same module. Every failed call is reported to `onApiError` listeners: the session
 * store signs out on a 401 'Could not validate credentials' and handles subscription problems.
 */
import type {
  AccessToken,
  BuildInfo,
  ConfirmedEmail,
  CurrentUser,
  InvitationPublic,
  InviteUserBody,
  LoginSession,
  OrgInvitation,
  PendingInvitation,
  RegisterBody,
  RegisteredUser,
  SetNewPasswordBody,
  SetOtpBody,
  UpdateMeBody,
} from '../shared/api/accounts.ts';
import type {
  Acl,
  AclEntryInput,
  AclSubject,
  CreateDocumentBody,
  CreateFolderBody,
  Document,
  Folder,
  HistoryEntry,
  ListedItem,
  MediaUrl,
  SignedUpload,
  MoveOrCopyBody,
  SubmittedRow,
  TrashedItem,
  UpdateDocumentBody,
  UpdateFolderBody,
} from '../shared/api/documentation.ts';
import type { ActivityEntry, ListActivityQuery } from '../shared/api/activity.ts';
import type { Assignment, AssignmentKind, CreateAssignmentBody } from '../shared/api/assignments.ts';
import type { BillingPlan, CheckoutSession } from '../shared/api/billing.ts';
import type { FavouriteEntry, NotificationList, SubscribeBody, SubscriptionEntry } from '../shared/api/notifications.ts';
import type { SearchQuery, SearchResult } from '../shared/api/search.ts';
import type { QrSheetItems, QrSheetQuery } from '../shared/api/qr-labels.ts';
import type { MailFailures } from '../shared/api/settings.ts';
import type { SheetData, SheetDataQuery, SheetExportQuery } from '../shared/api/sheets.ts';
import type { List } from '../shared/api/list.ts';
import type { CreateShareLinkBody, ShareLink } from '../shared/api/share-links.ts';
import type { CreateRoleBody, ListRolesQuery, Role, RoleWithHolders, UpdateRoleBody } from '../shared/api/roles.ts';
import type {
  AdminUser,
  CreateUserBody,
  ListUsersQuery,
  SignAvatarUploadBody,
  UpdateInvitationBody,
  UpdateUserBody,
} from '../shared/api/users.ts';
import { ApiError, createTransport, type CallOptions } from '../shared/transport/index.ts';
import { takeEarlyRead } from './early-reads.ts';
import { storedToken } from './storage.ts';

export { ApiError, detailOf, NETWORK_PROBLEM, problemText } from '../shared/transport/index.ts';

export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1';

export const CREDENTIALS_ERROR = 'Could not validate credentials';
export const SUBSCRIPTION_EXPIRED = 'Organization subscription is expired';
export const INVALID_SUBSCRIPTION = 'Invalid Organization Subscription';

type ErrorListener = (error: ApiError) => void;
const listeners = new Set<ErrorListener>();

/** Hears every failed call (the session store logs out on credential errors). */
export function onApiError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reports a failure that did not come through this client (an element's own transport inside the app,
 * e.g. `rb-unauthorized` from rb-checklist) to the same listeners, so it is handled like the app's own.
 */
export function reportApiError(error: ApiError): void {
  for (const listener of listeners) listener(error);
}

/**
 * The app's transport: the stored bearer token; every failure (a 401 included) goes to the listeners; a
 * read the HTML already sent (src/client/early-reads.ts) is taken, once, instead of asked again.
 */
export const transport = createTransport({ base: API_BASE, token: storedToken, onError: reportApiError, early: takeEarlyRead });

const call = <T>(path: string, options: CallOptions = {}): Promise<T> => transport.call<T>(path, options);

const seg = encodeURIComponent;
const json = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => call<T>(path, { method, json: body });
const form = <T>(path: string, fields: Record<string, string>) => call<T>(path, { method: 'POST', form: fields });

/** The API paths of the result sheet calls (relative to the API base), e.g. for a link's title or a test. */
export const sheetDataPath = (id: string) => `documentation/documents/${seg(id)}/sheet-data`;
export const sheetCsvPath = (id: string) => `documentation/documents/${seg(id)}/export.csv`;
export const rowPdfPath = (rowId: string) => `documentation/documents/documentdata/${seg(rowId)}/export.pdf`;
/** ofetch reads text/* as text and other types as a Blob: a download is a Blob either way. */
const asBlob = (body: string | Blob, type: string) => (body instanceof Blob ? body : new Blob([body], { type }));

export const api = {
  auth: {
    accessToken: (username: string, password: string, otp?: string) =>
      form<AccessToken>('auth/access-token', { username, password, ...(otp ? { client_secret: otp } : {}) }),
    register: (body: RegisterBody) => json<RegisteredUser>('POST', 'auth/register', body),
    activate: (token: string) => json<AccessToken>('POST', 'auth/activate', token),
    sendPasswordReset: (email: string) => form<{ detail: string }>('auth/send-password-reset', { email }),
    resetPassword: (password: string, token: string) =>
      call<{ detail: string }>('auth/reset-password', { method: 'POST', json: { password, token }, headers: { Authorization: `Bearer ${token}` } }),
    /** The person's own password with the token of a sign-in or activation answered 403 'Choose your own password…'; signs in. */
    setNewPassword: (body: SetNewPasswordBody) => json<AccessToken>('POST', 'auth/set-new-password', body),
    /** Ends the session of `token` on the server (sign-out); finished even if the page is left meanwhile. */
    logout: (token: string) =>
      call<void>('auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }),
    me: () => call<CurrentUser>('auth/me'),
    updateMe: (body: UpdateMeBody) => json<CurrentUser>('PUT', 'auth/me', body),
    /** Confirms a new e-mail address with the token of the link mailed to it (no sign-in needed). */
    confirmEmail: (token: string) => json<ConfirmedEmail>('POST', 'auth/confirm-email', token),
    /** Drops the e-mail change waiting for its confirmation. */
    cancelEmailChange: () => json<void>('DELETE', 'auth/me/email-change'),
    sessions: () => call<List<LoginSession>>('auth/me/sessions'),
    endSession: (id: string) => json<void>('DELETE', `auth/me/sessions/${encodeURIComponent(id)}`),
    setOtp: (body: SetOtpBody) => json<{ uri?: string; otp_enabled: boolean }>('POST', 'auth/set-otp', body),
    createOrg: (name: string) => json<{ id: string; name: string }>('POST', 'auth/create-org', { name }),
    selectOrg: (orgId: string) => json<CurrentUser>('POST', 'auth/select-org', orgId),
    invites: () => call<List<PendingInvitation>>('auth/invites'),
    invitation: (id: string) => call<InvitationPublic>(`auth/invite/${encodeURIComponent(id)}`),
    answerInvitation: (id: string, accept: boolean) =>
      json<CurrentUser>('POST', `auth/invite/${encodeURIComponent(id)}`, accept),
    orgInvites: () => call<List<OrgInvitation>>('auth/org-invites'),
    /** Changes a pending invitation (org admins); `resend_email: true` mails its link again. */
    updateOrgInvite: (id: string, body: UpdateInvitationBody) => json<OrgInvitation>('PUT', `auth/org-invites/${seg(id)}`, body),
    /** Cancels a pending invitation (org admins). */
    cancelOrgInvite: (id: string) => json<void>('DELETE', `auth/org-invites/${seg(id)}`),
  },
  users: {
    /** One page of the organisation's members; `role_filters` keeps those holding any of the roles. */
    list: (query: ListUsersQuery = {}) =>
      call<List<AdminUser>>('users', {
        query: {
          ...query,
          role_filters: query.role_filters ? [...query.role_filters] : undefined,
          ordering: query.ordering ? [...query.ordering] : undefined,
        },
      }),
    get: (id: string) => call<AdminUser>(`users/${seg(id)}`),
    /** Creates an account and its membership at once (`POST users/`, with the slash). */
    create: (body: CreateUserBody) => json<AdminUser>('POST', 'users/', body),
    /** Invites an e-mail address (`POST users`, no slash). */
    invite: (body: InviteUserBody) => json<OrgInvitation>('POST', 'users', body),
    update: (id: string, body: UpdateUserBody) => json<AdminUser>('PUT', `users/${seg(id)}`, body),
    /** Removes the user from the organisation (their sessions in it end at once). */
    remove: (id: string) => json<void>('DELETE', `users/${seg(id)}`),
    /** A signed upload for the caller's new avatar (then src/client/uploads.ts sends the file). */
    signAvatarUpload: (body: SignAvatarUploadBody) => json<SignedUpload>('POST', 'users/sign-avatar-upload', body),
  },
  /** The organisation's activity log, newest first (org admins). */
  activity: (query: ListActivityQuery = {}) => call<List<ActivityEntry>>('activity', { query: { ...query } }),
  documentation: {
    folder: (id: string) => call<Folder>(`documentation/folders/${seg(id)}`),
    /** One page of a folder's contents; `ordering` like ['kind', '-name']. */
    contents: (id: string, query: { ordering?: readonly string[]; skip?: number; limit?: number } = {}) =>
      call<List<ListedItem>>(`documentation/folders/${seg(id)}/contents`, { query: { ...query, ordering: query.ordering ? [...query.ordering] : undefined } }),
    createFolder: (body: CreateFolderBody) => json<Folder>('POST', 'documentation/folders', body),
    updateFolder: (id: string, body: UpdateFolderBody) => json<Folder>('PUT', `documentation/folders/${seg(id)}`, body),
    deleteFolder: (id: string) => json<void>('DELETE', `documentation/folders/${seg(id)}`),
    restoreFolder: (id: string) => json<ListedItem>('POST', `documentation/folders/${seg(id)}/restore-from-trash`),
    /** Moves (`move`) or deep-copies (`copy`) a folder or document into the folder `destId`. */
    paste: (action: 'move' | 'copy', destId: string, body: MoveOrCopyBody) =>
      json<ListedItem>('POST', `documentation/folders/${seg(destId)}/${action}`, body),
    trash: (folderId: string, query: { skip?: number; limit?: number } = {}) =>
      call<List<TrashedItem>>(`documentation/trash/${seg(folderId)}`, { query }),
    createDocument: (body: CreateDocumentBody) => json<Document>('POST', 'documentation/documents', body),
    document: (id: string) => call<Document>(`documentation/documents/${seg(id)}`),
    documentVersion: (id: string, version: number) => call<Document>(`documentation/documents/${seg(id)}/version/${version}`),
    updateDocument: (id: string, body: UpdateDocumentBody) => json<Document>('PUT', `documentation/documents/${seg(id)}`, body),
    deleteDocument: (id: string) => json<void>('DELETE', `documentation/documents/${seg(id)}`),
    restoreDocument: (id: string) => json<ListedItem>('POST', `documentation/documents/${seg(id)}/restore-from-trash`),
    history: (id: string, query: { skip?: number; limit?: number } = {}) =>
      call<List<HistoryEntry>>(`documentation/documents/${seg(id)}/history`, { query }),
    acl: (kind: 'folder' | 'document', id: string) => call<Acl>(`documentation/${kind}s/${seg(id)}/acl`),
    /** A checklist's share links (#29: not revoked, newest first; expired ones too). */
    shareLinks: (id: string) => call<List<ShareLink>>(`documentation/documents/${seg(id)}/share-links`),
    createShareLink: (id: string, body: CreateShareLinkBody) => json<ShareLink>('POST', `documentation/documents/${seg(id)}/share-links`, body),
    /** Revokes a share link at once: its address, QR codes and embeds stop working. */
    revokeShareLink: (id: string, linkId: string) => json<void>('DELETE', `documentation/documents/${seg(id)}/share-links/${seg(linkId)}`),
    replaceAcl: (kind: 'folder' | 'document', id: string, entries: AclEntryInput[]) =>
      json<Acl>('PUT', `documentation/${kind}s/${seg(id)}/acl`, entries),
    aclSubjects: () => call<List<AclSubject>>('auth/acl-subjects'),
    /** One submitted row of a checklist. */
    submittedRow: (id: string) => call<SubmittedRow>(`documentation/documents/documentdata/${seg(id)}`),
    /** The rows of a result sheet or report (issue #13), newest first; a report's latest row is `limit: 1`. */
    sheetData: (id: string, query: SheetDataQuery = {}) => call<SheetData>(sheetDataPath(id), { query: { ...query } }),
    /** A result sheet's rows as a CSV file (the bearer token goes with it, so it is read here, then saved by the screen). */
    sheetCsv: async (id: string, query: SheetExportQuery = {}) =>
      asBlob(await call<string | Blob>(sheetCsvPath(id), { query: { ...query }, headers: { Accept: 'text/csv' } }), 'text/csv'),
    /** One submitted row as a printable PDF. */
    rowPdf: async (rowId: string) =>
      asBlob(await call<string | Blob>(rowPdfPath(rowId), { headers: { Accept: 'application/pdf' } }), 'application/pdf'),
    /** What the QR label sheet of a folder would hold: its own items, or (`subtree`) everything below it. */
    qrSheet: (folderId: string, subtree = false) =>
      call<QrSheetItems>(`documentation/folders/${seg(folderId)}/qr-sheet`, subtree ? { query: { subtree: true } } : {}),
    /** The QR label sheet of a folder as a PDF: a layout, the subfolders or not, the share links chosen for checklists. */
    qrSheetPdf: async (folderId: string, query: QrSheetQuery) =>
      asBlob(
        await call<string | Blob>(`documentation/folders/${seg(folderId)}/qr-sheet.pdf`, {
          query: { layout: query.layout, subtree: query.subtree, share_links: query.share_links?.length ? query.share_links.join(',') : undefined },
          headers: { Accept: 'application/pdf' },
        }),
        'application/pdf',
      ),
    /** One signed upload per file, in order (then src/client/uploads.ts sends each file). */
    signUploads: (documentId: string, files: readonly { filename: string; file_size: number; content_type: string }[]) =>
      json<SignedUpload[]>('POST', `documentation/documents/${seg(documentId)}/sign-content-upload`, files),
    /** Short-lived addresses (for <img>) of a document's uploaded files; at most 100 ids a call. */
    mediaUrls: (documentId: string, uploadIds: readonly string[]) =>
      call<List<MediaUrl>>(`documentation/documents/${seg(documentId)}/media-urls`, { query: { upload_id: [...uploadIds] } }),
    /** One uploaded file of a document with the bearer token (no media-urls round trip first): a presentation's page. */
    media: async (documentId: string, uploadId: string, type: string) =>
      asBlob(await call<string | Blob>(`documentation/documents/${seg(documentId)}/media/${seg(uploadId)}`), type),
  },
  /** Favourites, subscriptions and notifications (documentation/…). */
  informed: {
    favourites: () => call<List<FavouriteEntry>>('documentation/favorites'),
    favourite: (kind: 'folder' | 'document', id: string) => json<void>('POST', `documentation/${kind}s/${seg(id)}/favorite`),
    unfavourite: (kind: 'folder' | 'document', id: string) => json<void>('DELETE', `documentation/${kind}s/${seg(id)}/favorite`),
    subscriptions: () => call<List<SubscriptionEntry>>('documentation/subscriptions'),
    subscribe: (kind: 'folder' | 'document', id: string, body: SubscribeBody = {}) =>
      json<SubscriptionEntry>('POST', `documentation/${kind}s/${seg(id)}/subscription`, body),
    unsubscribe: (kind: 'folder' | 'document', id: string) => json<void>('DELETE', `documentation/${kind}s/${seg(id)}/subscription`),
    notifications: (query: { skip?: number; limit?: number } = {}) => call<NotificationList>('documentation/notifications', { query }),
    /** Marks the notifications read (the body is the array of ids). */
    markRead: (ids: readonly string[]) => json<void>('POST', 'documentation/notifications/mark-read', [...ids]),
  },
  workflow: {
    /** The open assignments handed to me, one of my roles or my organisation. */
    assignments: () => call<List<Assignment>>('workflow/assignments'),
    /** An item's assignments (the Assignments tab). */
    assignmentsOf: (kind: 'folder' | 'document', id: string) =>
      call<List<Assignment>>('workflow/assignments', { query: kind === 'folder' ? { folder_id: id } : { document_id: id } }),
    assign: (kind: 'folder' | 'document', body: CreateAssignmentBody) => json<Assignment>('POST', `workflow/assignments/${kind}`, body),
    claim: (kind: AssignmentKind, id: string) => json<Assignment>('POST', `workflow/assignments/${kind}/${seg(id)}/claim`),
    unclaim: (kind: AssignmentKind, id: string) => json<Assignment>('POST', `workflow/assignments/${kind}/${seg(id)}/unclaim`),
    /** Closes a claimed assignment (corrective actions are done this way). */
    complete: (kind: AssignmentKind, id: string) => json<Assignment>('POST', `workflow/assignments/${kind}/${seg(id)}/complete`),
  },
  search: (query: SearchQuery) =>
    call<List<SearchResult>>('documentation/search', { query: { ...query, types: query.types ? [...query.types] : undefined } }),
  roles: {
    /** One page of the organisation's roles; `ordering` like ['name'] or ['-name']. */
    list: (query: ListRolesQuery = {}) =>
      call<List<Role>>('roles', { query: { ...query, ordering: query.ordering ? [...query.ordering] : undefined } }),
    /** The role with the users holding it. */
    get: (id: string) => call<RoleWithHolders>(`roles/${seg(id)}`),
    create: (body: CreateRoleBody) => json<Role>('POST', 'roles', body),
    update: (id: string, body: UpdateRoleBody) => json<Role>('PUT', `roles/${seg(id)}`, body),
    remove: (id: string) => json<void>('DELETE', `roles/${seg(id)}`),
  },
  billing: {
    /** The plans (an empty list when billing is off). */
    products: () => call<BillingPlan[]>('billing/products'),
    /** A Stripe Checkout session for the plan (org admins); open `url` in the top window. */
    createCheckoutSession: (priceId: string) => json<CheckoutSession>('POST', 'billing/create-checkout-session', { price_id: priceId }),
  },
  settings: {
    /** The organisation's mail that could not be delivered (org admins; General Settings). */
    mailFailures: () => call<MailFailures>('settings/mail-failures'),
  },
  buildInfo: () => call<BuildInfo>('_build-info'),
};
