/**
 * Linking an existing account to the organisation's sign-in (issue #48; docs/sso.md "Accounts"): the
 * provider verified the address, and the person shows the account is theirs once — with its password, or
 * by following a link mailed to the address. Either starts a new flow that carries the account
 * (`linkUserId`); its callback links (issuer, subject) to it when the provider vouches for that address again.
 */
import { eq } from 'drizzle-orm';
import { issueAccountToken, useAccountToken } from '../../auth/account-tokens.ts';
import { verifyDecoy, verifyPassword } from '../../auth/passwords.ts';
import { admitSignIn, signInSucceeded } from '../../auth/throttle.ts';
import { equalsIgnoringCase } from '../../db/queries/text.ts';
import { users } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { ssoLinkMessage } from '../../mail/messages.ts';
import { connectionForEmail, startFlow } from './flows.ts';
import { refusals } from './refusal.ts';

const LINK_VALID_MS = 60 * 60 * 1000;
export const SSO_LINK_PATH = '/auth/sso/link';

const accountOf = async (deps: Deps, email: string) => (await deps.db.select().from(users).where(equalsIgnoringCase(users.email, email.trim())))[0];

/** The password proves the account: answers the provider's address of a flow that links it, or undefined for a wrong password. */
export async function linkByPassword(deps: Deps, email: string, password: string, ip: string): Promise<URL | undefined> {
  const user = await accountOf(deps, email);
  const attempt = await admitSignIn(deps.db, { userId: user?.id, typed: email }, ip, deps.now());
  if (!user) {
    await verifyDecoy(password);
    return undefined;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return undefined;
  await signInSucceeded(deps.db, attempt);
  return startFlow(deps, { connection: await connectionForEmail(deps, user.email), purpose: 'sign-in', loginHint: user.email, linkUserId: user.id });
}

/** Mails the account of `email` (if there is one) a link that proves the address. */
export async function mailLink(deps: Deps, email: string): Promise<void> {
  const user = await accountOf(deps, email);
  if (!user) return;
  await connectionForEmail(deps, user.email);
  await deps.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, 'sso-link', deps.now(), LINK_VALID_MS);
    await deps.mail.add(tx, ssoLinkMessage(user.email, user.fullName, `${deps.config.publicUrl}${SSO_LINK_PATH}?token=${encodeURIComponent(token)}`));
  });
  deps.mail.deliverSoon();
}

/** The mailed link followed: a flow that links the account. */
export async function linkByMail(deps: Deps, token: string | undefined): Promise<URL> {
  const row = token ? await useAccountToken(deps.db, deps.now(), token, 'sso-link') : undefined;
  if (!row) throw refusals.badState();
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw refusals.badState();
  return startFlow(deps, { connection: await connectionForEmail(deps, user.email), purpose: 'sign-in', loginHint: user.email, linkUserId: user.id });
}
