/**
 * A new user's password and its retyping (accounts §5 "Create user"): the lock says whether it is long enough,
 * the hint that both may stay empty (the user then chooses it from the activation e-mail).
 */
import SlIcon from '@shoelace-style/shoelace/dist/react/icon/index.js';
import { MIN_PASSWORD_LENGTH } from '../../../src/shared/constants.ts';
import { passwordLock } from './user-form-state.ts';

interface Props {
  ids: string;
  password: string;
  retyped: string;
  onPassword: (value: string) => void;
  onRetyped: (value: string) => void;
}

export function PasswordFields({ ids, password, retyped, onPassword, onRetyped }: Props) {
  const lock = passwordLock(password);
  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-password`}>Password</label>
        <div className="password-row">
          <input
            id={`${ids}-password`}
            type="password"
            value={password}
            autoComplete="new-password"
            aria-describedby={`${ids}-password-hint`}
            onChange={(e) => onPassword(e.currentTarget.value)}
          />
          <SlIcon
            className="password-lock"
            data-lock={lock}
            name={lock}
            label={lock === 'unlock' ? `Password shorter than ${MIN_PASSWORD_LENGTH} characters` : `Password of ${MIN_PASSWORD_LENGTH} or more characters`}
          />
        </div>
        <p className="hint" id={`${ids}-password-hint`}>
          Password minimum {MIN_PASSWORD_LENGTH} characters. They choose their own at their first sign-in; leave both
          fields empty to let them choose it from the activation e-mail.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-retyped`}>Re-Type Password</label>
        <input id={`${ids}-retyped`} type="password" value={retyped} autoComplete="new-password" onChange={(e) => onRetyped(e.currentTarget.value)} />
        {retyped !== '' && password !== retyped && (
          <p className="hint" role="status">
            Passwords Do Not Match!
          </p>
        )}
      </div>
    </>
  );
}
