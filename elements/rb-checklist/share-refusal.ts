/**
 * What a share link's visitor reads instead of the checklist when the server refuses the link (#29):
 * the server's own words where they are meant for a person ('This link has been revoked', 'This link has
 * expired', 'This checklist is not available', a throttle's wait), plain words where they are not (an
 * unknown token, a lapsed subscription), and the filler's load failure when no answer came.
 */
import { ApiError } from '../../src/shared/transport/api-error.ts';
import { LOAD_FAILED } from './messages.ts';

/** An unknown token (the API answers 'Could not validate credentials'): a mistyped or shortened address. */
export const LINK_NOT_VALID = 'This link is not valid. Check the address, or ask whoever gave it to you for a new one.';
/** 402: the organisation's subscription has lapsed. */
export const SUBSCRIPTION_LAPSED = 'This checklist cannot be filled in at the moment: the organisation’s subscription has lapsed.';
const NOT_AVAILABLE = 'This checklist is not available';
const CREDENTIALS = 'Could not validate credentials';

export function shareRefusal(error: unknown): string {
  if (!(error instanceof ApiError) || error.network) return LOAD_FAILED;
  switch (error.status) {
    case 401:
      return error.detail && error.detail !== CREDENTIALS ? error.detail : LINK_NOT_VALID;
    case 402:
      return SUBSCRIPTION_LAPSED;
    case 404:
      return error.detail || NOT_AVAILABLE;
    case 429:
      return error.detail || LOAD_FAILED;
    default:
      return LOAD_FAILED;
  }
}
