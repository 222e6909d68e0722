/** After registering: where the next step goes, and the failure text. */
import { describe, expect, it } from 'vitest';
import { nextStep, REGISTRATION_FAILED, registrationFailureText } from '../../../../src/screens/account/register.ts';
import { ApiError, NETWORK_PROBLEM } from '../../../../src/client/api.ts';

describe('nextStep', () => {
  it('goes back to a stored invitation', () => {
    expect(nextStep('0190f0f0-0000-7000-8000-000000000000')).toEqual({
      href: '/invitation/0190f0f0-0000-7000-8000-000000000000',
      text: 'Back to the Invitation',
    });
    expect(nextStep('a/b').href).toBe('/invitation/a%2Fb');
  });

  it('otherwise goes to sign in', () => {
    expect(nextStep(null)).toEqual({ href: '/', text: 'Log In' });
  });
});

describe('registrationFailureText', () => {
  it("is the server's detail, or 'Something went wrong...' without one; no answer says so (problemText)", () => {
    expect(registrationFailureText(new ApiError(400, 'A user with this username already exists'))).toBe('A user with this username already exists');
    expect(registrationFailureText(new ApiError(0, 'Network error'))).toBe(NETWORK_PROBLEM);
    expect(registrationFailureText(new Error('offline'))).toBe(REGISTRATION_FAILED);
    expect(registrationFailureText(new ApiError(500, 'Internal server error'))).toBe(REGISTRATION_FAILED);
  });
});
