/** Validation rules of the account screens (accounts §5), shared by the screens and the API. */
import { MIN_PASSWORD_LENGTH, OTP_CODE_LENGTH } from './constants.ts';

/** The simple {email} shape: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isOtpCode(value: string): boolean {
  return new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(value);
}

/** Passwords pass when both are empty or both are equal. */
export function passwordsMatch(password: string, retyped: string): boolean {
  return password === retyped;
}

/** The confirm icon is valid with 8 or more characters and a match. */
export function isConfirmedPassword(password: string, retyped: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && password === retyped;
}

export interface RegistrationForm {
  fullName: string;
  username: string;
  email: string;
  password: string;
  retypedPassword: string;
  acceptedTerms: boolean;
}

/** Register stays disabled unless full name, username, a valid e-mail and the terms are set and the passwords match. */
export function canRegister(form: RegistrationForm): boolean {
  return (
    form.fullName.trim() !== '' &&
    form.username.trim() !== '' &&
    isEmail(form.email) &&
    form.acceptedTerms &&
    passwordsMatch(form.password, form.retypedPassword)
  );
}

/** Enter submits the registration when username, e-mail, full name and the checkbox are filled. */
export function canSubmitRegistrationWithEnter(form: RegistrationForm): boolean {
  return (
    form.username.trim() !== '' && form.email.trim() !== '' && form.fullName.trim() !== '' && form.acceptedTerms
  );
}

export type ResetButtonState = 'empty' | 'mismatch' | 'ready';

/** Reset-password button: 'Please Enter a Password', 'Passwords Do Not Match!' or 'Save Password'. */
export function resetButtonState(password: string, confirm: string): ResetButtonState {
  if (password === '' && confirm === '') return 'empty';
  if (password !== confirm) return 'mismatch';
  if (password === '') return 'empty';
  return 'ready';
}
