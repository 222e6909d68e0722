/**
 * THE API's addresses (issue #30), relative to the API base ('auth/me', not '/api/v1/auth/me'): the app's
 * client (src/client/api.ts), the page data's reads (src/shared/page-data-reads.ts, taken by name, not by
 * address), the elements' own calls (rb-checklist,
 * rb-permission-editor) and the API tests' helpers all build an address here, so none is spelled twice.
 * Each id is one encoded path segment. Query strings are the caller's (the transport's `query`).
 *
 * One export per area, read as `import * as paths from '…/shared/api/paths.ts'` (`paths.auth.me`), so a
 * bundle keeps only the areas it uses (an element's standalone build takes `documentation` and `share`).
 */
import type { ItemKind } from './documentation.ts';

const seg = encodeURIComponent;

const folderPath = (id: string) => `documentation/folders/${seg(id)}`;
const documentPath = (id: string) => `documentation/documents/${seg(id)}`;
/** A folder's or a document's own address, by kind. */
const item = (kind: ItemKind, id: string) => (kind === 'folder' ? folderPath(id) : documentPath(id));
const submittedRow = (rowId: string) => `documentation/documents/documentdata/${seg(rowId)}`;
const assignment = (kind: string, id: string) => `workflow/assignments/${kind}/${seg(id)}`;

export const auth = {
  accessToken: 'auth/access-token',
  register: 'auth/register',
  activate: 'auth/activate',
  sendPasswordReset: 'auth/send-password-reset',
  resetPassword: 'auth/reset-password',
  setNewPassword: 'auth/set-new-password',
  logout: 'auth/logout',
  me: 'auth/me',
  confirmEmail: 'auth/confirm-email',
  emailChange: 'auth/me/email-change',
  sessions: 'auth/me/sessions',
  session: (id: string) => `auth/me/sessions/${seg(id)}`,
  setOtp: 'auth/set-otp',
  /** POST: erase the caller's account (GDPR Art. 17) after its password and two-factor code. */
  deleteAccount: 'auth/delete-account',
  createOrg: 'auth/create-org',
  selectOrg: 'auth/select-org',
  /** The caller's pending invitations. */
  invites: 'auth/invites',
  /** One invitation: read it (no sign-in needed) or answer it. */
  invite: (id: string) => `auth/invite/${seg(id)}`,
  /** The organisation's pending invitations (org admins). */
  orgInvites: 'auth/org-invites',
  orgInvite: (id: string) => `auth/org-invites/${seg(id)}`,
  /** Who an ACL may name: users, roles, the organisation. */
  aclSubjects: 'auth/acl-subjects',
  /** The caller's personal API tokens (issue #34): list, create; one, to revoke. */
  apiTokens: 'auth/api-tokens',
  apiToken: (id: string) => `auth/api-tokens/${seg(id)}`,
};

export const users = {
  /** GET: a page of members; POST: invite an e-mail address. */
  list: 'users',
  /** POST: create an account and its membership at once (with the slash). */
  create: 'users/',
  user: (id: string) => `users/${seg(id)}`,
  /** DELETE: erase a member's account (GDPR Art. 17), for an admin of every organisation they belong to. */
  account: (id: string) => `users/accounts/${seg(id)}`,
  signAvatarUpload: 'users/sign-avatar-upload',
  /** The organisation's members' API tokens (org admins, issue #34): list; one, to revoke. */
  apiTokens: 'users/api-tokens',
  apiToken: (id: string) => `users/api-tokens/${seg(id)}`,
};

export const activity = 'activity';

export const documentation = {
  folders: 'documentation/folders',
  folder: folderPath,
  contents: (id: string) => `${folderPath(id)}/contents`,
  restoreFolder: (id: string) => `${folderPath(id)}/restore-from-trash`,
  /** Move or deep-copy an item into the folder `destId`. */
  paste: (action: 'move' | 'copy', destId: string) => `${folderPath(destId)}/${action}`,
  trash: (folderId: string) => `documentation/trash/${seg(folderId)}`,
  qrSheet: (folderId: string) => `${folderPath(folderId)}/qr-sheet`,
  qrSheetPdf: (folderId: string) => `${folderPath(folderId)}/qr-sheet.pdf`,
  documents: 'documentation/documents',
  document: documentPath,
  version: (id: string, version: number | string) => `${documentPath(id)}/version/${seg(String(version))}`,
  restoreDocument: (id: string) => `${documentPath(id)}/restore-from-trash`,
  history: (id: string) => `${documentPath(id)}/history`,
  acl: (kind: ItemKind, id: string) => `${item(kind, id)}/acl`,
  /** Who can do what on an item (issue #33): a page of members (GET), the same for proposed entries (POST), or one member. */
  effectivePermissions: (kind: ItemKind, id: string, userId?: string) =>
    `${item(kind, id)}/effective-permissions${userId === undefined ? '' : `/${seg(userId)}`}`,
  shareLinks: (id: string) => `${documentPath(id)}/share-links`,
  shareLink: (id: string, linkId: string) => `${documentPath(id)}/share-links/${seg(linkId)}`,
  /** POST: a submission of a checklist (members and share links alike). */
  data: (id: string) => `${documentPath(id)}/data`,
  /** A checklist's results over time (issue #45). */
  analytics: (id: string) => `${documentPath(id)}/analytics`,
  submittedRow,
  rowPdf: (rowId: string) => `${submittedRow(rowId)}/export.pdf`,
  sheetData: (id: string) => `${documentPath(id)}/sheet-data`,
  sheetCsv: (id: string) => `${documentPath(id)}/export.csv`,
  /** POST: one signed upload per file (then the upload itself goes to the signed address). */
  signContentUpload: (id: string) => `${documentPath(id)}/sign-content-upload`,
  mediaUrls: (id: string) => `${documentPath(id)}/media-urls`,
  media: (id: string, uploadId: string) => `${documentPath(id)}/media/${seg(uploadId)}`,
  favorites: 'documentation/favorites',
  favorite: (kind: ItemKind, id: string) => `${item(kind, id)}/favorite`,
  subscriptions: 'documentation/subscriptions',
  subscription: (kind: ItemKind, id: string) => `${item(kind, id)}/subscription`,
  notifications: 'documentation/notifications',
  markRead: 'documentation/notifications/mark-read',
  /** The notifications as server-sent events. */
  notificationStream: 'documentation/notifications/stream',
  search: 'documentation/search',
};

export const workflow = {
  assignments: 'workflow/assignments',
  /** POST: assign a folder or a document. */
  assign: (kind: ItemKind) => `workflow/assignments/${kind}`,
  claim: (kind: string, id: string) => `${assignment(kind, id)}/claim`,
  unclaim: (kind: string, id: string) => `${assignment(kind, id)}/unclaim`,
  complete: (kind: string, id: string) => `${assignment(kind, id)}/complete`,
  /** GET: the dashboard's first steps and what the caller may add at the root (issue #32). */
  firstSteps: 'workflow/first-steps',
  /** Issue #44: schedules of recurring checks, and one schedule's occurrences. */
  schedules: 'workflow/schedules',
  schedule: (id: string) => `workflow/schedules/${seg(id)}`,
  occurrences: (id: string) => `workflow/schedules/${seg(id)}/occurrences`,
};

export const roles = {
  list: 'roles',
  role: (id: string) => `roles/${seg(id)}`,
};

export const billing = {
  products: 'billing/products',
  createCheckoutSession: 'billing/create-checkout-session',
};

export const settings = {
  mailFailures: 'settings/mail-failures',
  /** GET: the organisation's data to take away, one ZIP (issue #47, GDPR Art. 20; org admins, no API token). */
  export: 'settings/export.zip',
};

/** Single sign-on's connection (issue #48; org admins). */
export const sso = {
  connection: 'sso/connection',
};

/** Outgoing webhooks (issue #34; org admins). */
export const webhooks = {
  list: 'webhooks',
  endpoint: (id: string) => `webhooks/${seg(id)}`,
  rotateSecret: (id: string) => `webhooks/${seg(id)}/rotate-secret`,
  deliveries: (id: string) => `webhooks/${seg(id)}/deliveries`,
  resend: (id: string, deliveryId: string) => `webhooks/${seg(id)}/deliveries/${seg(deliveryId)}/resend`,
  test: (id: string) => `webhooks/${seg(id)}/test`,
};

export const buildInfo = '_build-info';
/** THE OpenAPI 3.1 document of the API (issue #34; /api/docs renders it). */
export const openApi = 'openapi.json';

/**
 * What a share link's token may call (#29, src/server/routes/shared-checklist.ts): its checklist, and the
 * checklist's own media, upload signing and submission addresses.
 */
export const share = {
  checklist: 'share/checklist',
  /** Issue #44: the kiosk's Due now, Next and done today. */
  schedule: 'share/schedule',
  mediaUrls: (documentId: string) => `${documentPath(documentId)}/media-urls`,
  signContentUpload: (documentId: string) => `${documentPath(documentId)}/sign-content-upload`,
  submit: (documentId: string) => `${documentPath(documentId)}/data`,
};

