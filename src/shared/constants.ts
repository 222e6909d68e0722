/** Business constants and limits of the spec (accounts §9, documentation §9). */

export const CLIENT_VERSION = '0.1.0';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const OTP_CODE_LENGTH = 6;
export const TRIAL_DAYS = 7;
export const INVITATION_VALID_DAYS = 7;

export const ALERT_HIDE_MS = 5000;
export const RESET_BANNER_MS = 6000;
export const BILLING_SUCCESS_REDIRECT_MS = 3000;
export const TOUCH_DRAG_DELAY_MS = 500;

export const DRAWER_WIDTH_PX = 240;
export const SEARCH_ICON_BREAKPOINT_PX = 600;
export const DASHBOARD_NARROW_PX = 786;

/** Permission value of an org admin (and of the root folder) — every bit set. */
export const ALL_PERMISSIONS = 32767;
