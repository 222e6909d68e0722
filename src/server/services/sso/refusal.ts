/**
 * A sign-in through an organisation's provider that cannot go on (issue #48): what went wrong in words a
 * person can act on (the page's heading and text), and a status. Nothing has been created when one is
 * thrown: the flow's writes come after every check, in one transaction.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly status: number,
    readonly heading: string,
    readonly words: string,
  ) {
    super(`${heading}: ${words}`);
  }
}

const ASK_IT = 'Ask your organization’s IT department to check the single sign-on connection.';

export const refusals = {
  noEmail: () => new SsoRefusal(400, 'Enter your e-mail address', 'Enter your work e-mail address to sign in with your organization.'),
  noConnection: () =>
    new SsoRefusal(404, 'No organization signs in with this address', 'No organization has set up single sign-on for this e-mail domain. Sign in with your username and password instead.'),
  twoOrganisations: () =>
    new SsoRefusal(409, 'Two organizations claim this e-mail domain', `More than one organization has set up single sign-on for this e-mail domain, so we cannot tell which one to use. ${ASK_IT}`),
  providerDown: () =>
    new SsoRefusal(502, 'Your organization’s sign-in service is not answering', 'We could not reach your organization’s identity provider. Try again in a few minutes; if it keeps happening, tell your IT department.'),
  wrongIssuer: () =>
    new SsoRefusal(502, 'Your organization’s sign-in service is set up wrongly', `The identity provider did not answer as the issuer it was set up as. ${ASK_IT}`),
  privateIssuer: () => new SsoRefusal(502, 'Your organization’s sign-in service is set up wrongly', `The identity provider’s address is on a private network, which this server does not call. ${ASK_IT}`),
  badState: () =>
    new SsoRefusal(400, 'This sign-in link has expired or was already used', 'Sign-in links work once and only for a few minutes. Go back to the sign-in page and choose “Sign in with your organisation” again.'),
  invalidToken: () =>
    new SsoRefusal(401, 'Your organization’s sign-in could not be checked', `The identity provider’s answer was not valid for this site (its signature, audience or time did not check out), so you were not signed in. Try again; if it keeps happening, ${ASK_IT.charAt(0).toLowerCase()}${ASK_IT.slice(1)}`),
  providerError: (what: string) => new SsoRefusal(400, 'Your organization’s sign-in did not finish', `The identity provider said: ${what}. Try again, or ask your IT department.`),
  unverifiedEmail: () =>
    new SsoRefusal(403, 'Your e-mail address is not verified', 'Your identity provider has not verified your e-mail address, so it cannot sign you in here. Verify your address with your IT department and try again.'),
  otherDomain: () =>
    new SsoRefusal(403, 'This address is not one your organization signs in', 'The identity provider signed you in with an e-mail address of a domain this organization’s connection does not cover. Ask your IT department to add the domain.'),
  planFull: (limitReached: string) =>
    new SsoRefusal(409, 'Your organization has no room for another user', `${limitReached}, so no account could be made for you. Ask an administrator of your organization to make room or to upgrade the plan.`),
  inactive: () => new SsoRefusal(403, 'Your account is switched off', 'Your account in this organization has been switched off. Ask an administrator of your organization.'),
  linkedElsewhere: () =>
    new SsoRefusal(409, 'This account is linked to someone else at your provider', `The account with this e-mail address is already linked to another person at your identity provider. ${ASK_IT}`),
};
