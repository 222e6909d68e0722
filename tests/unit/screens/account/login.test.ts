/** The words of a refused sign-in (src/screens/account/login.ts signInFailureText, spec accounts §8). */
import { describe, expect, it } from 'vitest';
import { INCORRECT_CREDENTIALS, INCORRECT_OTP, signInFailureText, TWO_FACTOR_REQUIRED } from '../../../../src/screens/account/login.ts';
import { ApiError, NETWORK_PROBLEM } from '../../../../src/client/api.ts';

describe('signInFailureText', () => {
  it('says the credentials were wrong, or that the code is needed when the two-factor field shows', () => {
    expect(signInFailureText(new ApiError(400, INCORRECT_CREDENTIALS), false)).toBe(INCORRECT_CREDENTIALS);
    expect(signInFailureText(new ApiError(400, INCORRECT_OTP), false)).toBe(INCORRECT_CREDENTIALS);
    expect(signInFailureText(new ApiError(400, INCORRECT_OTP), true)).toBe(TWO_FACTOR_REQUIRED);
  });

  it("gives any other refusal in the server's words", () => {
    expect(signInFailureText(new ApiError(400, 'Inactive user'), false)).toBe('Inactive user');
  });

  it('says the server could not be reached when no answer came (it said the password was wrong)', () => {
    expect(signInFailureText(new ApiError(0, 'Network error'), false)).toBe(NETWORK_PROBLEM);
    expect(signInFailureText(new TypeError('Failed to fetch'), false)).toBe(NETWORK_PROBLEM);
  });

  it("never shows a bug's exception", () => {
    expect(signInFailureText(new TypeError("Cannot read properties of null (reading 'value')"), false)).toBe(INCORRECT_CREDENTIALS);
  });
});
