/** A member's avatar in the grid: their picture (user_account.avatar_url), else their initials. Decorative: the username is beside it. */
import type { UserAccount } from '../../../src/shared/api/users.ts';
import { initials } from './users-state.ts';

export function UserAvatar({ account }: { account: UserAccount }) {
  return account.avatar_url ? (
    <img className="user-avatar" src={account.avatar_url} alt="" width={36} height={36} loading="lazy" decoding="async" />
  ) : (
    <span className="user-avatar user-initials" aria-hidden="true">
      {initials(account.full_name, account.username)}
    </span>
  );
}
