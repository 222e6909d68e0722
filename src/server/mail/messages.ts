/** The e-mails Ringbinder sends, each with a plain-text and an HTML body. */
import type { Message } from './mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function message(to: string, subject: string, lines: string[], link: { label: string; url: string }): Message {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', '— Ringbinder'].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a2238">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="background:#1a2238;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#666;font-size:12px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>
<p>— Ringbinder</p></body></html>`;
  return { to, subject, text, html };
}

export function activationMessage(to: string, fullName: string, url: string): Message {
  return message(
    to,
    'Activate your Ringbinder account',
    [`Hello ${fullName},`, 'Thank you for registering with Ringbinder. Activate your account with the link below; it is valid for 48 hours.'],
    { label: 'Activate account', url },
  );
}

export function passwordResetMessage(to: string, fullName: string, url: string): Message {
  return message(
    to,
    'Reset your Ringbinder password',
    [`Hello ${fullName},`, 'Someone asked to reset the password of your Ringbinder account. If it was you, choose a new password with the link below; it is valid for one hour. If not, ignore this e-mail.'],
    { label: 'Reset password', url },
  );
}

/** The link that proves an address is its account's, to link it to the organisation's sign-in (issue #48). */
export function ssoLinkMessage(to: string, fullName: string, url: string): Message {
  return message(
    to,
    'Link your Ringbinder account to your organization’s sign-in',
    [`Hello ${fullName},`, 'Someone signed in with your organization’s identity provider using this address and asked to link it to your Ringbinder account. If it was you, follow the link below within an hour; if not, ignore this e-mail.'],
    { label: 'Link my account', url },
  );
}

/** A day as the mails write it: '30 November 2026' (UTC, the server's clock). */
const mailDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function invitationMessage(to: string, orgName: string, inviter: string, url: string, expiry: Date): Message {
  return message(
    to,
    `You have been invited to join ${orgName} on Ringbinder`,
    [`${inviter} has invited you to join ${orgName} on Ringbinder.`, `The invitation is valid until ${mailDay.format(expiry)}.`],
    { label: 'Open invitation', url },
  );
}

/** The activation mail of an account an org admin made (POST users/ with is_active false): nobody registered. */
export function accountCreatedMessage(to: string, fullName: string, orgName: string, admin: string, url: string): Message {
  return message(
    to,
    `Activate your Ringbinder account for ${orgName}`,
    [`Hello ${fullName},`, `${admin} created a Ringbinder account for you in ${orgName}. Activate it with the link below; it is valid for 48 hours.`],
    { label: 'Activate account', url },
  );
}

export function emailChangeMessage(to: string, fullName: string, url: string): Message {
  return message(
    to,
    'Confirm your new Ringbinder e-mail address',
    [
      `Hello ${fullName},`,
      `You asked to use ${to} as the e-mail address of your Ringbinder account. Confirm it with the link below; it is valid for 24 hours. Until then your account keeps its current address.`,
      'If it was not you, ignore this e-mail: nothing changes.',
    ],
    { label: 'Confirm e-mail address', url },
  );
}

export function emailChangeNoticeMessage(to: string, fullName: string, newEmail: string, accountUrl: string): Message {
  return message(
    to,
    'Your Ringbinder e-mail address is about to change',
    [
      `Hello ${fullName},`,
      `Someone signed in to your Ringbinder account asked to change its e-mail address from ${to} to ${newEmail}. The change takes effect only when it is confirmed from the link sent to ${newEmail}.`,
      'If it was not you, cancel the change in Account Settings and reset your password from the sign-in page.',
    ],
    { label: 'Open Account Settings', url: accountUrl },
  );
}

/** One line of a notification digest: what happened, when, and the item's address (null: in the trash, nothing to open). */
export interface DigestLine {
  text: string;
  at: Date;
  url: string | null;
}

/**
 * A user's notifications of one organisation in one message (services/notifications/email.ts).
 * `unsubscribeUrl`: where the reader turns the mail off, in the body and as the List-Unsubscribe header.
 */
export function notificationDigestMessage(to: string, fullName: string, orgName: string, lines: readonly DigestLine[], unsubscribeUrl: string): Message {
  const count = lines.length === 1 ? 'one change' : `${lines.length} changes`;
  const subject = `${orgName}: ${count} you follow on Ringbinder`;
  const intro = [`Hello ${fullName},`, `In ${orgName}, ${count} to items you are subscribed to:`];
  const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const text = [
    ...intro,
    '',
    ...lines.flatMap((l) => [`- ${l.text} (${when(l.at)})`, ...(l.url ? [`  ${l.url}`] : [])]),
    '',
    `To stop these e-mails, unsubscribe from the items (or turn their e-mail off) in Ringbinder: ${unsubscribeUrl}`,
    '',
    '— Ringbinder',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a2238">
${intro.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<ul>
${lines.map((l) => `<li>${l.url ? `<a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text)} <span style="color:#666">(${escapeHtml(when(l.at))})</span></li>`).join('\n')}
</ul>
<p style="color:#666;font-size:12px">To stop these e-mails, unsubscribe from the items (or turn their e-mail off) in <a href="${escapeHtml(unsubscribeUrl)}">Ringbinder</a>.</p>
<p>— Ringbinder</p></body></html>`;
  return { to, subject, text, html, listUnsubscribe: unsubscribeUrl };
}

/** To each org admin when a webhook endpoint has failed for a day and was switched off (issue #34). */
export function webhookDisabledMessage(to: string, fullName: string, orgName: string, endpointUrl: string, lastError: string, url: string): Message {
  return message(
    to,
    `A webhook of ${orgName} was switched off`,
    [
      `Hello ${fullName},`,
      `Deliveries to ${endpointUrl} have failed for a day, so Ringbinder switched the webhook off. The last attempt: ${lastError}.`,
      'Fix the receiving end, then switch the webhook on again in the admin area; its delivery log shows every attempt.',
    ],
    { label: 'Open the webhook', url },
  );
}
