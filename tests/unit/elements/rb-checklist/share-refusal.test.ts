import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/shared/transport/api-error.ts';
import { LINK_NOT_VALID, SUBSCRIPTION_LAPSED, shareRefusal } from '../../../../elements/rb-checklist/share-refusal.ts';
import { LOAD_FAILED } from '../../../../elements/rb-checklist/messages.ts';

describe('shareRefusal: what a share link’s visitor reads instead of the checklist', () => {
  it.each([
    [new ApiError(401, 'This link has been revoked'), 'This link has been revoked'],
    [new ApiError(401, 'This link has expired'), 'This link has expired'],
    [new ApiError(404, 'This checklist is not available'), 'This checklist is not available'],
    // An unknown token: the API's words are for programs, not for a person holding a printed code.
    [new ApiError(401, 'Could not validate credentials'), LINK_NOT_VALID],
    [new ApiError(402, 'Organization subscription is expired'), SUBSCRIPTION_LAPSED],
    [new ApiError(429, 'Too many requests, try again in 30 seconds'), 'Too many requests, try again in 30 seconds'],
    [new ApiError(0, 'Network error'), LOAD_FAILED],
    [new ApiError(500, 'Internal Server Error'), LOAD_FAILED],
    [new Error('odd'), LOAD_FAILED],
  ])('%o → %s', (error, words) => {
    expect(shareRefusal(error)).toBe(words);
  });

  it('a 404 without words still says the checklist is not available', () => {
    expect(shareRefusal(new ApiError(404, ''))).toBe('This checklist is not available');
  });
});
