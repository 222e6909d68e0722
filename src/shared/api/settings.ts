/** General Settings' own reads (/admin/settings, org admins). */

/**
 * `GET settings/mail-failures`: the mail to this organisation's people (members and pending invitations)
 * that the mail server refused for good and was given up (README: Mail). `count` 0 with nulls: nothing failed.
 */
export interface MailFailures {
  count: number;
  /** The mail server's reply to the latest of them, e.g. "550 5.7.1 Relay access denied". */
  last_error: string | null;
  /** When the latest of them was given up (ISO 8601). */
  last_failed_at: string | null;
}
