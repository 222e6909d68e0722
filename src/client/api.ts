/**
 * THE API client: one typed function per call of the spec, at its address from src/shared/api/paths.ts,
 * over the one transport (src/shared/transport: ofetch, the bearer token from local storage, `{detail}`
 * errors as `ApiError`, Idempotency-Key). Page modules and islands reach the server only through it; the elements make their own
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
  DeleteAccountBody,
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
import type { ApiToken, CreateApiTokenBody, CreatedApiToken, MemberApiToken } from '../shared/api/api-tokens.ts';
import type { FirstSteps } from '../shared/api/first-steps.ts';
import type { ActivityEntry, ListActivityQuery } from '../shared/api/activity.ts';
import type { Assignment, AssignmentKind, CreateAssignmentBody } from '../shared/api/assignments.ts';
import type { Occurrence, Schedule, ScheduleBody } from '../shared/api/schedules.ts';
import type { BillingPlan, CheckoutSession } from '../shared/api/billing.ts';
import type { FavouriteEntry, NotificationList, SubscribeBody, SubscriptionEntry } from '../shared/api/notifications.ts';
import type { SearchQuery, SearchResult } from '../shared/api/search.ts';
import type { QrSheetItems, QrSheetQuery } from '../shared/api/qr-labels.ts';
import type { MailFailures } from '../shared/api/settings.ts';
import type { SsoConnection, SsoConnectionBody } from '../shared/api/sso.ts';
import type { SheetData, SheetDataQuery, SheetExportQuery } from '../shared/api/sheets.ts';
import type { Analytics, AnalyticsQuery, ChecklistDataQuery } from '../shared/api/analytics.ts';
import type { List } from '../shared/api/list.ts';
import type { EffectivePermissionsQuery, MemberPermissions } from '../shared/api/effective-permissions.ts';
import type { CreateShareLinkBody, ShareLink } from '../shared/api/share-links.ts';
import type { CreateRoleBody, ListRolesQuery, Role, RoleWithHolders, UpdateRoleBody } from '../shared/api/roles.ts';
import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret } from '../shared/api/webhooks.ts';
import type {
  AdminUser,
  CreateUserBody,
  ListUsersQuery,
  SignAvatarUploadBody,
  UpdateInvitationBody,
  UpdateUserBody,
} from '../shared/api/users.ts';
import * as paths from '../shared/api/paths.ts';
import type { PageReadName } from '../shared/page-data.ts';
import { ApiError, createTransport, type CallOptions } from '../shared/transport/index.ts';
import { takePageData } from './page-data.ts';
import { storedToken } from './storage.ts';

export { ApiError, NETWORK_PROBLEM, problemText, SOMETHING_WENT_WRONG } from '../shared/transport/index.ts';

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
 * page's first read the HTML already has (src/client/page-data.ts) is taken, once, instead of asked again.
 * A function of a read that can be a page's first takes its name as its last argument (`pageRead`): the
 * page's first load passes it, a later load (paging, another sort, a refresh) does not.
 */
export const transport = createTransport({ base: API_BASE, token: storedToken, onError: reportApiError, early: takePageData });

const call = <T>(path: string, options: CallOptions = {}): Promise<T> => transport.call<T>(path, options);

const json = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => call<T>(path, { method, json: body });
const form = <T>(path: string, fields: Record<string, string>) => call<T>(path, { method: 'POST', form: fields });

/** ofetch reads text/* as text and other types as a Blob: a download is a Blob either way. */
const asBlob = (body: string | Blob, type: string) => (body instanceof Blob ? body : new Blob([body], { type }));

export const api = {
  auth: {
    accessToken: (username: string, password: string, otp?: string) =>
      form<AccessToken>(paths.auth.accessToken, { username, password, ...(otp ? { client_secret: otp } : {}) }),
    register: (body: RegisterBody) => json<RegisteredUser>('POST', paths.auth.register, body),
    activate: (token: string) => json<AccessToken>('POST', paths.auth.activate, token),
    sendPasswordReset: (email: string) => form<{ detail: string }>(paths.auth.sendPasswordReset, { email }),
    resetPassword: (password: string, token: string) =>
      call<{ detail: string }>(paths.auth.resetPassword, { method: 'POST', json: { password, token }, headers: { Authorization: `Bearer ${token}` } }),
    /** The person's own password with the token of a sign-in or activation answered 403 'Choose your own password…'; signs in. */
    setNewPassword: (body: SetNewPasswordBody) => json<AccessToken>('POST', paths.auth.setNewPassword, body),
    /** Ends the session of `token` on the server (sign-out); finished even if the page is left meanwhile. */
    logout: (token: string) =>
      call<void>(paths.auth.logout, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }),
    me: (pageRead?: PageReadName) => call<CurrentUser>(paths.auth.me, { pageRead }),
    updateMe: (body: UpdateMeBody) => json<CurrentUser>('PUT', paths.auth.me, body),
    /** Confirms a new e-mail address with the token of the link mailed to it (no sign-in needed). */
    confirmEmail: (token: string) => json<ConfirmedEmail>('POST', paths.auth.confirmEmail, token),
    /** Drops the e-mail change waiting for its confirmation. */
    cancelEmailChange: () => json<void>('DELETE', paths.auth.emailChange),
    sessions: () => call<List<LoginSession>>(paths.auth.sessions),
    endSession: (id: string) => json<void>('DELETE', paths.auth.session(id)),
    /** Erases the caller's account (GDPR Art. 17): its password, and its two-factor code when it has one. */
    deleteAccount: (body: DeleteAccountBody) => json<void>('POST', paths.auth.deleteAccount, body),
    setOtp: (body: SetOtpBody) => json<{ uri?: string; otp_enabled: boolean }>('POST', paths.auth.setOtp, body),
    createOrg: (name: string) => json<{ id: string; name: string }>('POST', paths.auth.createOrg, { name }),
    selectOrg: (orgId: string) => json<CurrentUser>('POST', paths.auth.selectOrg, orgId),
    invites: () => call<List<PendingInvitation>>(paths.auth.invites),
    invitation: (id: string) => call<InvitationPublic>(paths.auth.invite(id)),
    answerInvitation: (id: string, accept: boolean) =>
      json<CurrentUser>('POST', paths.auth.invite(id), accept),
    orgInvites: () => call<List<OrgInvitation>>(paths.auth.orgInvites),
    /** Changes a pending invitation (org admins); `resend_email: true` mails its link again. */
    updateOrgInvite: (id: string, body: UpdateInvitationBody) => json<OrgInvitation>('PUT', paths.auth.orgInvite(id), body),
    /** Cancels a pending invitation (org admins). */
    cancelOrgInvite: (id: string) => json<void>('DELETE', paths.auth.orgInvite(id)),
    /** The caller's personal API tokens (issue #34): never the secret again. */
    apiTokens: (pageRead?: PageReadName) => call<List<ApiToken>>(paths.auth.apiTokens, { pageRead }),
    /** Makes a token; the answer holds the secret, shown this once. */
    createApiToken: (body: CreateApiTokenBody) => json<CreatedApiToken>('POST', paths.auth.apiTokens, body),
    /** Revokes one of the caller's tokens at once. */
    revokeApiToken: (id: string) => json<void>('DELETE', paths.auth.apiToken(id)),
  },
  users: {
    /** One page of the organisation's members; `role_filters` keeps those holding any of the roles. */
    list: (query: ListUsersQuery = {}, pageRead?: PageReadName) =>
      call<List<AdminUser>>(paths.users.list, {
        query: {
          ...query,
          role_filters: query.role_filters ? [...query.role_filters] : undefined,
          ordering: query.ordering ? [...query.ordering] : undefined,
        },
        pageRead,
      }),
    get: (id: string, pageRead?: PageReadName) => call<AdminUser>(paths.users.user(id), { pageRead }),
    /** Erases a member's account (issue #47, GDPR Art. 17): in every organisation, for an admin of each. */
    eraseAccount: (id: string) => json<void>('DELETE', paths.users.account(id)),
    /** Creates an account and its membership at once (`POST users/`, with the slash). */
    create: (body: CreateUserBody) => json<AdminUser>('POST', paths.users.create, body),
    /** Invites an e-mail address (`POST users`, no slash). */
    invite: (body: InviteUserBody) => json<OrgInvitation>('POST', paths.users.list, body),
    update: (id: string, body: UpdateUserBody) => json<AdminUser>('PUT', paths.users.user(id), body),
    /** Removes the user from the organisation (their sessions in it end at once). */
    remove: (id: string) => json<void>('DELETE', paths.users.user(id)),
    /** A signed upload for the caller's new avatar (then src/client/uploads.ts sends the file). */
    signAvatarUpload: (body: SignAvatarUploadBody) => json<SignedUpload>('POST', paths.users.signAvatarUpload, body),
    /** The organisation's members' API tokens (org admins, issue #34), newest first. */
    apiTokens: (query: { skip?: number; limit?: number } = {}, pageRead?: PageReadName) =>
      call<List<MemberApiToken>>(paths.users.apiTokens, { query, pageRead }),
    /** Revokes a member's API token at once (org admins). */
    revokeApiToken: (id: string) => json<void>('DELETE', paths.users.apiToken(id)),
  },
  /** The organisation's activity log, newest first (org admins). */
  activity: (query: ListActivityQuery = {}, pageRead?: PageReadName) => call<List<ActivityEntry>>(paths.activity, { query: { ...query }, pageRead }),
  documentation: {
    folder: (id: string, pageRead?: PageReadName) => call<Folder>(paths.documentation.folder(id), { pageRead }),
    /** One page of a folder's contents; `ordering` like ['kind', '-name']. */
    contents: (id: string, query: { ordering?: readonly string[]; skip?: number; limit?: number } = {}, pageRead?: PageReadName) =>
      call<List<ListedItem>>(paths.documentation.contents(id), { query: { ...query, ordering: query.ordering ? [...query.ordering] : undefined }, pageRead }),
    createFolder: (body: CreateFolderBody) => json<Folder>('POST', paths.documentation.folders, body),
    updateFolder: (id: string, body: UpdateFolderBody) => json<Folder>('PUT', paths.documentation.folder(id), body),
    deleteFolder: (id: string) => json<void>('DELETE', paths.documentation.folder(id)),
    restoreFolder: (id: string) => json<ListedItem>('POST', paths.documentation.restoreFolder(id)),
    /** Moves (`move`) or deep-copies (`copy`) a folder or document into the folder `destId`. */
    paste: (action: 'move' | 'copy', destId: string, body: MoveOrCopyBody) =>
      json<ListedItem>('POST', paths.documentation.paste(action, destId), body),
    trash: (folderId: string, query: { skip?: number; limit?: number } = {}) =>
      call<List<TrashedItem>>(paths.documentation.trash(folderId), { query }),
    createDocument: (body: CreateDocumentBody) => json<Document>('POST', paths.documentation.documents, body),
    document: (id: string, pageRead?: PageReadName) => call<Document>(paths.documentation.document(id), { pageRead }),
    documentVersion: (id: string, version: number, pageRead?: PageReadName) => call<Document>(paths.documentation.version(id, version), { pageRead }),
    updateDocument: (id: string, body: UpdateDocumentBody) => json<Document>('PUT', paths.documentation.document(id), body),
    deleteDocument: (id: string) => json<void>('DELETE', paths.documentation.document(id)),
    restoreDocument: (id: string) => json<ListedItem>('POST', paths.documentation.restoreDocument(id)),
    history: (id: string, query: { skip?: number; limit?: number } = {}, pageRead?: PageReadName) =>
      call<List<HistoryEntry>>(paths.documentation.history(id), { query, pageRead }),
    acl: (kind: 'folder' | 'document', id: string) => call<Acl>(paths.documentation.acl(kind, id)),
    /** A checklist's share links (#29: not revoked, newest first; expired ones too). */
    shareLinks: (id: string) => call<List<ShareLink>>(paths.documentation.shareLinks(id)),
    createShareLink: (id: string, body: CreateShareLinkBody) => json<ShareLink>('POST', paths.documentation.shareLinks(id), body),
    /** Revokes a share link at once: its address, QR codes and embeds stop working. */
    revokeShareLink: (id: string, linkId: string) => json<void>('DELETE', paths.documentation.shareLink(id, linkId)),
    replaceAcl: (kind: 'folder' | 'document', id: string, entries: AclEntryInput[]) =>
      json<Acl>('PUT', paths.documentation.acl(kind, id), entries),
    aclSubjects: () => call<List<AclSubject>>(paths.auth.aclSubjects),
    /** Who can do what on an item (issue #33): a page of members; with `proposed`, as if the item's own entries were those. */
    effectivePermissions: (kind: 'folder' | 'document', id: string, query: EffectivePermissionsQuery = {}, proposed?: AclEntryInput[]) =>
      proposed
        ? call<List<MemberPermissions>>(paths.documentation.effectivePermissions(kind, id), { method: 'POST', json: proposed, query: { ...query } })
        : call<List<MemberPermissions>>(paths.documentation.effectivePermissions(kind, id), { query: { ...query } }),
    /** A checklist's rows (issue #45: its results page), newest first, with the page's filters. */
    checklistData: (id: string, query: ChecklistDataQuery) => call<List<SubmittedRow>>(paths.documentation.data(id), { query: { ...query } }),
    /** A checklist's results over time (issue #45): counted by the database per day, week or month. */
    analytics: (id: string, query: AnalyticsQuery) => call<Analytics>(paths.documentation.analytics(id), { query: { ...query } }),
    /** One submitted row of a checklist. */
    submittedRow: (id: string, pageRead?: PageReadName) => call<SubmittedRow>(paths.documentation.submittedRow(id), { pageRead }),
    /** The rows of a result sheet or report (issue #13), newest first; a report's latest row is `limit: 1`. */
    sheetData: (id: string, query: SheetDataQuery = {}, pageRead?: PageReadName) =>
      call<SheetData>(paths.documentation.sheetData(id), { query: { ...query }, pageRead }),
    /** A result sheet's rows as a CSV file (the bearer token goes with it, so it is read here, then saved by the screen). */
    sheetCsv: async (id: string, query: SheetExportQuery = {}) =>
      asBlob(await call<string | Blob>(paths.documentation.sheetCsv(id), { query: { ...query }, headers: { Accept: 'text/csv' } }), 'text/csv'),
    /** One submitted row as a printable PDF. */
    rowPdf: async (rowId: string) =>
      asBlob(await call<string | Blob>(paths.documentation.rowPdf(rowId), { headers: { Accept: 'application/pdf' } }), 'application/pdf'),
    /** What the QR label sheet of a folder would hold: its own items, or (`subtree`) everything below it. */
    qrSheet: (folderId: string, subtree = false, pageRead?: PageReadName) =>
      call<QrSheetItems>(paths.documentation.qrSheet(folderId), { ...(subtree ? { query: { subtree: true } } : {}), pageRead }),
    /** The QR label sheet of a folder as a PDF: a layout, the subfolders or not, the share links chosen for checklists. */
    qrSheetPdf: async (folderId: string, query: QrSheetQuery) =>
      asBlob(
        await call<string | Blob>(paths.documentation.qrSheetPdf(folderId), {
          query: { layout: query.layout, subtree: query.subtree, share_links: query.share_links?.length ? query.share_links.join(',') : undefined },
          headers: { Accept: 'application/pdf' },
        }),
        'application/pdf',
      ),
    /** One signed upload per file, in order (then src/client/uploads.ts sends each file). */
    signUploads: (documentId: string, files: readonly { filename: string; file_size: number; content_type: string }[]) =>
      json<SignedUpload[]>('POST', paths.documentation.signContentUpload(documentId), files),
    /** Short-lived addresses (for <img>) of a document's uploaded files; at most 100 ids a call. */
    mediaUrls: (documentId: string, uploadIds: readonly string[]) =>
      call<List<MediaUrl>>(paths.documentation.mediaUrls(documentId), { query: { upload_id: [...uploadIds] } }),
    /** One uploaded file of a document with the bearer token (no media-urls round trip first): a presentation's page. */
    media: async (documentId: string, uploadId: string, type: string) =>
      asBlob(await call<string | Blob>(paths.documentation.media(documentId, uploadId)), type),
  },
  /** Favourites, subscriptions and notifications (documentation/…). */
  informed: {
    favourites: (pageRead?: PageReadName) => call<List<FavouriteEntry>>(paths.documentation.favorites, { pageRead }),
    favourite: (kind: 'folder' | 'document', id: string) => json<void>('POST', paths.documentation.favorite(kind, id)),
    unfavourite: (kind: 'folder' | 'document', id: string) => json<void>('DELETE', paths.documentation.favorite(kind, id)),
    subscriptions: () => call<List<SubscriptionEntry>>(paths.documentation.subscriptions),
    subscribe: (kind: 'folder' | 'document', id: string, body: SubscribeBody = {}) =>
      json<SubscriptionEntry>('POST', paths.documentation.subscription(kind, id), body),
    unsubscribe: (kind: 'folder' | 'document', id: string) => json<void>('DELETE', paths.documentation.subscription(kind, id)),
    notifications: (query: { skip?: number; limit?: number } = {}, pageRead?: PageReadName) =>
      call<NotificationList>(paths.documentation.notifications, { query, pageRead }),
    /** Marks the notifications read (the body is the array of ids). */
    markRead: (ids: readonly string[]) => json<void>('POST', paths.documentation.markRead, [...ids]),
  },
  workflow: {
    /** The open assignments handed to me, one of my roles or my organisation. */
    assignments: (pageRead?: PageReadName) => call<List<Assignment>>(paths.workflow.assignments, { pageRead }),
    /** Issue #44: mine completed, newest first (the dashboard's Done list). */
    doneAssignments: () => call<List<Assignment>>(paths.workflow.assignments, { query: { status: 'completed' } }),
    /** Issue #44: the schedules I may see, one, and one's occurrences (epoch seconds). */
    schedules: () => call<List<Schedule>>(paths.workflow.schedules),
    schedule: (id: string) => call<Schedule>(paths.workflow.schedule(id)),
    occurrences: (id: string, range: { from?: number; to?: number } = {}) => call<List<Occurrence>>(paths.workflow.occurrences(id), { query: range }),
    /** A checklist's schedules, making one and deleting one (the item's Schedule tab). */
    schedulesOf: (documentId: string) => call<List<Schedule>>(paths.workflow.schedules, { query: { document_id: documentId } }),
    makeSchedule: (body: ScheduleBody) => json<Schedule>('POST', paths.workflow.schedules, body),
    deleteSchedule: (id: string) => json<void>('DELETE', paths.workflow.schedule(id)),
    /** An item's assignments (the Assignments tab). */
    assignmentsOf: (kind: 'folder' | 'document', id: string) =>
      call<List<Assignment>>(paths.workflow.assignments, { query: kind === 'folder' ? { folder_id: id } : { document_id: id } }),
    assign: (kind: 'folder' | 'document', body: CreateAssignmentBody) => json<Assignment>('POST', paths.workflow.assign(kind), body),
    claim: (kind: AssignmentKind, id: string) => json<Assignment>('POST', paths.workflow.claim(kind, id)),
    unclaim: (kind: AssignmentKind, id: string) => json<Assignment>('POST', paths.workflow.unclaim(kind, id)),
    /** Closes an assignment (the claimer's, or an unclaimed one of mine: issue #44). */
    complete: (kind: AssignmentKind, id: string) => json<Assignment>('POST', paths.workflow.complete(kind, id)),
    /** The dashboard's first steps and the caller's bits at the root (issue #32). */
    firstSteps: (pageRead?: PageReadName) => call<FirstSteps>(paths.workflow.firstSteps, { pageRead }),
  },
  search: (query: SearchQuery) =>
    call<List<SearchResult>>(paths.documentation.search, { query: { ...query, types: query.types ? [...query.types] : undefined } }),
  roles: {
    /** One page of the organisation's roles; `ordering` like ['name'] or ['-name']. */
    list: (query: ListRolesQuery = {}, pageRead?: PageReadName) =>
      call<List<Role>>(paths.roles.list, { query: { ...query, ordering: query.ordering ? [...query.ordering] : undefined }, pageRead }),
    /** The role with the users holding it. */
    get: (id: string, pageRead?: PageReadName) => call<RoleWithHolders>(paths.roles.role(id), { pageRead }),
    create: (body: CreateRoleBody) => json<Role>('POST', paths.roles.list, body),
    update: (id: string, body: UpdateRoleBody) => json<Role>('PUT', paths.roles.role(id), body),
    remove: (id: string) => json<void>('DELETE', paths.roles.role(id)),
  },
  billing: {
    /** The plans (an empty list when billing is off). */
    products: (pageRead?: PageReadName) => call<BillingPlan[]>(paths.billing.products, { pageRead }),
    /** A Stripe Checkout session for the plan (org admins); open `url` in the top window. */
    createCheckoutSession: (priceId: string) => json<CheckoutSession>('POST', paths.billing.createCheckoutSession, { price_id: priceId }),
  },
  settings: {
    /** The organisation's mail that could not be delivered (org admins; General Settings). */
    mailFailures: (pageRead?: PageReadName) => call<MailFailures>(paths.settings.mailFailures, { pageRead }),
    /** The organisation's data to take away as one ZIP (issue #47; org admins, read with the bearer token, then saved by the screen). */
    exportOrganisation: async () =>
      asBlob(await call<string | Blob>(paths.settings.export, { headers: { Accept: 'application/zip' } }), 'application/zip'),
  },
  /** Single sign-on's connection (issue #48; org admins): 404 while there is none. */
  sso: {
    get: (pageRead?: PageReadName) => call<SsoConnection>(paths.sso.connection, { pageRead }),
    save: (body: SsoConnectionBody) => json<SsoConnection>('PUT', paths.sso.connection, body),
    remove: () => json<void>('DELETE', paths.sso.connection),
  },
  /** Outgoing webhooks (issue #34; org admins). */
  webhooks: {
    list: (pageRead?: PageReadName) => call<List<WebhookEndpoint>>(paths.webhooks.list, { pageRead }),
    get: (id: string, pageRead?: PageReadName) => call<WebhookEndpoint>(paths.webhooks.endpoint(id), { pageRead }),
    /** Answers the secret, this once. */
    create: (body: WebhookEndpointBody) => json<WebhookEndpointWithSecret>('POST', paths.webhooks.list, body),
    update: (id: string, body: WebhookEndpointBody) => json<WebhookEndpoint>('PUT', paths.webhooks.endpoint(id), body),
    remove: (id: string) => json<void>('DELETE', paths.webhooks.endpoint(id)),
    /** A new secret, answered this once. */
    rotateSecret: (id: string) => json<WebhookEndpointWithSecret>('POST', paths.webhooks.rotateSecret(id)),
    /** The delivery log: every attempt, newest first. */
    deliveries: (id: string, page: { skip?: number; limit?: number } = {}, pageRead?: PageReadName) =>
      call<List<WebhookAttempt>>(paths.webhooks.deliveries(id), { query: page, pageRead }),
    resend: (id: string, deliveryId: string) => json<{ delivery_id: string }>('POST', paths.webhooks.resend(id, deliveryId)),
    test: (id: string) => json<{ delivery_id: string }>('POST', paths.webhooks.test(id)),
  },
  buildInfo: (pageRead?: PageReadName) => call<BuildInfo>(paths.buildInfo, { pageRead }),
};
