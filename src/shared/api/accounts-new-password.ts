/**
 * The answer that asks for the person's own password (zod-free, for the screens): a password an admin
 * chose is temporary, so signing in with it (or activating such an account) answers 403 with this detail
 * and a short-lived single-use `password_change_token` instead of a session; the person sends it back
 * with their own password to POST auth/set-new-password (`setNewPasswordBody`, accounts.ts), which signs
 * them in. docs/admin-area.md "Passwords an admin chooses".
 */
export const NEW_PASSWORD_NEEDED = 'Choose your own password to continue';

export interface NewPasswordNeeded {
  detail: typeof NEW_PASSWORD_NEEDED;
  password_change_token: string;
}
