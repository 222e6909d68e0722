/** Business constants and limits of the spec (accounts §9, documentation §9). */

export const CLIENT_VERSION = '0.1.0';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const OTP_CODE_LENGTH = 6;
/** The trial's length is the server's (TRIAL_DAYS, src/server/config.ts), read from `_build-info`: no page builds one in. */
export const INVITATION_VALID_DAYS = 7;

export const ALERT_HIDE_MS = 5000;
export const RESET_BANNER_MS = 6000;
export const BILLING_SUCCESS_REDIRECT_MS = 3000;
export const TOUCH_DRAG_DELAY_MS = 500;

export const DRAWER_WIDTH_PX = 240;

/** Permission value of an org admin (and of the root folder) — every bit set. */
export const ALL_PERMISSIONS = 32767;

// ─── Checklists: uploads and results (documentation §7, §9) ────────────────────────────────────────

/** Largest file one signed upload may carry (photos, question and page media). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Files one sign-content-upload call may sign. */
export const MAX_UPLOADS_PER_REQUEST = 20;
/** The content types an upload may declare; the server checks each file's first bytes against it. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf', 'video/mp4'] as const;
/** How long a signed upload stays open, and how long a signed media address works. */
export const UPLOAD_SIGNATURE_SECONDS = 15 * 60;
export const MEDIA_URL_SECONDS = 10 * 60;
/** An avatar (accounts §7 users/sign-avatar-upload) is a picture of at most this many bytes; the browser crops and compresses it well under. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The picture types an avatar may be (a subset of UPLOAD_CONTENT_TYPES: what <img> shows everywhere). */
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The spec's default results limit (§9), and the most rows one page of submissions holds (larger limits are capped). */
export const DEFAULT_RESULTS_LIMIT = 999_999_999;
export const MAX_RESULTS_PAGE = 1000;
/** What an erased account (GDPR Art. 17) shows as its username and full name, wherever its writing is shown. */
export const DELETED_USER = 'Deleted user';
