/**
 * The user create and edit pages' rules (accounts §5 "Create user", "Password minimum 8 characters … In
 * create-user, a password under 8 characters shows a lock-open icon"), and the bodies they send.
 */
import type { AdminUser, CreateUserBody, UpdateUserBody } from '../../../src/shared/api/users.ts';
import { MIN_PASSWORD_LENGTH } from '../../../src/shared/constants.ts';

export interface UserFormValues {
  username: string;
  fullName: string;
  email: string;
  password: string;
  retypedPassword: string;
  isOrgAdmin: boolean;
  isActive: boolean;
  roles: string[];
}

export const emptyUserForm = (): UserFormValues => ({
  username: '',
  fullName: '',
  email: '',
  password: '',
  retypedPassword: '',
  isOrgAdmin: false,
  isActive: true,
  roles: [],
});

/** The edit page's starting values: the user as the server has them. */
export function formOfUser(user: AdminUser): UserFormValues {
  return {
    ...emptyUserForm(),
    username: user.user_account.username,
    fullName: user.user_account.full_name,
    email: user.user_account.email,
    isOrgAdmin: user.is_org_admin,
    isActive: user.user_account.is_active,
    roles: user.roles.map((r) => r.id),
  };
}

const filled = (value: string) => value.trim() !== '';

/** Create: Save stays disabled unless the password equals the re-typed one and username, full name and e-mail are filled. */
export function canCreateUser(form: UserFormValues): boolean {
  return form.password === form.retypedPassword && filled(form.username) && filled(form.fullName) && filled(form.email);
}

/** Edit: the fields the page changes must be filled (the spec is silent; an empty one would be refused anyway). */
export function canUpdateUser(form: UserFormValues): boolean {
  return filled(form.fullName) && filled(form.email);
}

/** The lock beside the password: open under the minimum length, closed from it on. */
export function passwordLock(password: string): 'unlock' | 'lock' {
  return password.length < MIN_PASSWORD_LENGTH ? 'unlock' : 'lock';
}

export function createBody(form: UserFormValues): CreateUserBody {
  return {
    username: form.username.trim(),
    email: form.email.trim(),
    full_name: form.fullName.trim(),
    // Both fields empty (Save allows it, §5): no password; the activation mail lets its owner choose one.
    password: form.password === '' ? null : form.password,
    is_org_admin: form.isOrgAdmin,
    is_active: form.isActive,
    roles: [...form.roles],
    avatar: null,
  };
}

export function updateBody(form: UserFormValues): UpdateUserBody {
  return { email: form.email.trim(), full_name: form.fullName.trim(), is_org_admin: form.isOrgAdmin, roles: [...form.roles] };
}

/** The API's names of the fields the form sends, and the form's own. */
const FORM_FIELDS: Readonly<Record<string, readonly (keyof UserFormValues)[]>> = {
  username: ['username'],
  full_name: ['fullName'],
  email: ['email'],
  password: ['password', 'retypedPassword'],
  is_org_admin: ['isOrgAdmin'],
  is_active: ['isActive'],
  roles: ['roles'],
};

/** The server's refusal as the form shows it, and what the form held when it came. */
export interface FormError {
  text: string;
  /** The form's fields the refusal names; empty: it names none (a conflict, a network failure). */
  fields: (keyof UserFormValues)[];
  form: UserFormValues;
}

/** The fields a refusal's `errors` (a 422's `[{field, message}]`) name, in the form's own names. */
export function fieldsOfRefusal(body: unknown): (keyof UserFormValues)[] {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return [...new Set(errors.flatMap((e) => FORM_FIELDS[String((e as { field?: unknown } | null)?.field ?? '').split('.')[0]!] ?? []))];
}

/**
 * Whether a refusal still stands (issue #32: a fixed cause clears its error): until one of the fields it
 * names is changed — or, when it names none, until anything is changed.
 */
export function errorStands(error: FormError, now: UserFormValues): boolean {
  const keys = error.fields.length > 0 ? error.fields : (Object.keys(now) as (keyof UserFormValues)[]);
  return keys.every((key) => JSON.stringify(error.form[key]) === JSON.stringify(now[key]));
}
