/** problemText (src/shared/transport/problem-text.ts): every failure in words, never a raw exception's text. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_PROBLEM, problemText } from '../../../../src/shared/transport/index.ts';

const FALLBACK = 'Something went wrong, please try again';

afterEach(() => vi.unstubAllGlobals());

describe('problemText', () => {
  it("says a refusal in the server's words", () => {
    expect(problemText(new ApiError(404, 'Folder not found'), FALLBACK)).toBe('Folder not found');
    expect(problemText(new ApiError(409, 'A folder with this name already exists'), FALLBACK)).toBe('A folder with this name already exists');
    expect(problemText(new ApiError(503, 'Payments are not available right now'), FALLBACK)).toBe('Payments are not available right now');
  });

  it('gives the fallback when the server said nothing a person can use', () => {
    expect(problemText(new ApiError(400, ''), FALLBACK)).toBe(FALLBACK);
    expect(problemText(new ApiError(422, '  '), FALLBACK)).toBe(FALLBACK);
    expect(problemText(new ApiError(500, 'Internal server error'), FALLBACK)).toBe(FALLBACK);
    expect(problemText(new ApiError(502, 'Bad Gateway'), FALLBACK)).toBe(FALLBACK);
  });

  it('says the server could not be reached when no answer came', () => {
    expect(problemText(new ApiError(0, 'Network error'), FALLBACK)).toBe(NETWORK_PROBLEM);
    expect(problemText(new TypeError('Failed to fetch'), FALLBACK)).toBe(NETWORK_PROBLEM); // Chromium
    expect(problemText(new TypeError('NetworkError when attempting to fetch resource.'), FALLBACK)).toBe(NETWORK_PROBLEM); // Firefox
    expect(problemText(new TypeError('Load failed'), FALLBACK)).toBe(NETWORK_PROBLEM); // Safari
    expect(problemText(new TypeError('fetch failed'), FALLBACK)).toBe(NETWORK_PROBLEM); // Node
    expect(problemText(new DOMException('offline', 'NetworkError'), FALLBACK)).toBe(NETWORK_PROBLEM);
  });

  it('says the server could not be reached whatever failed while the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(problemText(new Error('boom'), FALLBACK)).toBe(NETWORK_PROBLEM);
  });

  it("never shows a raw exception's text", () => {
    expect(problemText(new TypeError("Cannot read properties of undefined (reading 'id')"), FALLBACK)).toBe(FALLBACK);
    expect(problemText(new Error('boom'), FALLBACK)).toBe(FALLBACK);
    expect(problemText('a string', FALLBACK)).toBe(FALLBACK);
    expect(problemText(undefined, FALLBACK)).toBe(FALLBACK);
    expect(problemText(null, FALLBACK)).toBe(FALLBACK);
  });

  it('reads a real failed call made through the transport', async () => {
    const { createTransport } = await import('../../../../src/shared/transport/index.ts');
    const transport = createTransport({ base: 'http://127.0.0.1:9/api/v1' }); // port 9 (discard): nothing answers
    const failure = await transport.call('auth/me').catch((err: unknown) => err);
    expect(problemText(failure, FALLBACK)).toBe(NETWORK_PROBLEM);
  });
});
