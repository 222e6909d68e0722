/**
 * Share links (issue #29; docs/checklists.md "Share links"): a checklist filled without an account, from
 * `/fill/{token}`, an embedded `<rb-checklist share-token>` or a printed QR code. The answers' shapes
 * (zod-free; the request schemas are in ./share-links-schemas.ts) and the words the fill page shows.
 */
import type { Document } from './documentation.ts';

/** A share link's name: 1 to 100 characters, trimmed. */
export const MAX_SHARE_LINK_NAME_LENGTH = 100;

/**
 * One share link, as its manager sees it (POST and GET documentation/documents/{id}/share-links). The
 * token is derived from the link's id, so the list shows it again (the Share tab's QR codes need it).
 */
export interface ShareLink {
  id: string;
  name: string;
  /** `share_` + 43 base64url characters: `Authorization: Bearer {token}`. */
  token: string;
  /** The public fill page: `{PUBLIC_URL}/fill/{token}`. */
  url: string;
  created_at: string;
  /** When it stops working; null: never (until revoked). */
  expires_at: string | null;
  created_by_username: string | null;
}

/** POST documentation/documents/{id}/share-links. */
export interface CreateShareLinkBody {
  name: string;
  /** An ISO 8601 date-time in the future, or null (no end). */
  expires_at?: string | null;
}

/**
 * GET share/checklist (with a share token): the link's checklist at its latest published version, as
 * `GET documentation/documents/{id}` answers a reader (no draft, no folders, no usernames), with the link
 * and the organisation's name.
 */
export interface SharedChecklist extends Document {
  share_link: { name: string; expires_at: string | null };
  organization_name: string;
}

/** The refusals of a share token, in the words the fill page shows (401, 401, 404; 402 is the API's usual). */
export const SHARE_LINK_REVOKED = 'This link has been revoked';
export const SHARE_LINK_EXPIRED = 'This link has expired';
export const SHARED_CHECKLIST_UNAVAILABLE = 'This checklist is not available';

/** Who submitted a row through a share link, wherever rows are shown: `share: {name}`. */
export const SHARE_AUTHOR_PREFIX = 'share: ';
export const shareAuthor = (linkName: string): string => `${SHARE_AUTHOR_PREFIX}${linkName}`;

/**
 * The author an event or a correction names when no user did it: `share: {name}` when its context records
 * the share link it came through (`share_link_name`), else null.
 */
export function shareAuthorOf(context: Record<string, unknown> | null | undefined): string | null {
  const name = context?.share_link_name;
  return typeof name === 'string' ? shareAuthor(name) : null;
}
