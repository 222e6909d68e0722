/**
 * Who Ringbinder's mail is from (MAIL_FROM, read at start by config.ts). Real relays (SES, Postmark,
 * Microsoft 365, Gmail) refuse or file as spam a sender at a domain they cannot check, so the address is
 * the operator's to choose: one their relay may send as (SPF, DKIM). Unset, it is `no-reply@` the host of
 * PUBLIC_URL — the domain users already know. A malformed value stops the server at start, with the
 * value in the message, instead of failing every message later.
 */

/** A local part as RFC 5322's dot-atom (no quoted local parts). */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** A domain of letters (any script, punycoded by the mailer), digits and inner hyphens; or an address literal. */
const DOMAIN = /^([\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?)(\.[\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?)*$|^\[[^\][\\\s]+\]$/u;
/** `"any text"` with backslash escapes. */
const QUOTED_NAME = /^"(?:[^"\\]|\\.)*"$/;
/** Words without the characters that would start another address or a group: `<>@,;:"` (and `[]\`). */
const PLAIN_NAME = /^[^<>@,;:"[\]\\]+$/;

function isAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  return LOCAL.test(value.slice(0, at)) && DOMAIN.test(value.slice(at + 1));
}

/** `address`, `<address>` or `name <address>` (the name plain or quoted); no line breaks or control characters. */
function isMailbox(value: string): boolean {
  if (/\p{Cc}/u.test(value)) return false;
  if (!value.endsWith('>')) return isAddress(value);
  const open = value.lastIndexOf('<');
  if (open < 0) return false;
  const name = value.slice(0, open).trim();
  return isAddress(value.slice(open + 1, -1)) && (name === '' || QUOTED_NAME.test(name) || PLAIN_NAME.test(name));
}

/** The host of PUBLIC_URL as a mail domain: an IP address becomes an address literal. */
function domainOf(publicUrl: string): string {
  let host: string;
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    throw new Error(`PUBLIC_URL must be an address like https://ringbinder.example.com (without MAIL_FROM, mail is sent from its host), not ${publicUrl}`);
  }
  if (host.startsWith('[')) return `[IPv6:${host.slice(1, -1)}]`;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return `[${host}]`;
  return host;
}

/** The From of every message: MAIL_FROM as given (trimmed), or `Ringbinder <no-reply@{host of PUBLIC_URL}>`; throws on a malformed value. */
export function mailFrom(value: string | undefined, publicUrl: string): string {
  const given = value?.trim();
  if (!given) return `Ringbinder <no-reply@${domainOf(publicUrl)}>`;
  if (!isMailbox(given)) {
    throw new Error(`MAIL_FROM must be an e-mail address, alone or with a name: no-reply@example.com or "Ringbinder <no-reply@example.com>", not ${value}`);
  }
  return given;
}
