/**
 * General Settings (/admin/settings, accounts §2 "Settings (breadcrumb Home > Admin): Active User Limit,
 * Currently Active Users, build date"). The plan's limit comes with the user (auth/me org.plan_options);
 * the count is the total of `GET users` asked for one row — the same number as the Users screen's
 * Active Users footer; the build date is `_build-info`'s time. Above them, only when there is any, a
 * warning that mail to the organisation's people is failing (`GET settings/mail-failures`, issue #28:
 * a misconfigured relay must not fail silently). The reads leave beside auth/me (this route's page data:
 * `memberCount`, `buildInfo`, `mailFailures`, src/shared/page-data-reads.ts).
 */
import { api, problemText } from '../../client/api.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import type { BuildInfo, CurrentUser } from '../../shared/api/accounts.ts';
import type { MailFailures } from '../../shared/api/settings.ts';

/**
 * The page's reads, each named as its page data names it. The mail warning is an extra: when it cannot be
 * read the figures still show.
 */
export const settingsReads = () =>
  Promise.all([api.users.list({ limit: 1 }, 'memberCount'), api.buildInfo('buildInfo'), api.settings.mailFailures('mailFailures').catch((): MailFailures | undefined => undefined)]);

/** The mail warning's words, or undefined when nothing failed: "3 messages could not be delivered." and the last error with its time. */
export interface MailFailureNotice {
  summary: string;
  last: { iso: string; text: string; error: string } | undefined;
}

export function mailFailureNotice(failures: MailFailures | undefined): MailFailureNotice | undefined {
  if (!failures || failures.count <= 0) return undefined;
  const count = new Intl.NumberFormat().format(failures.count);
  const summary = `${count} ${failures.count === 1 ? 'message' : 'messages'} could not be delivered.`;
  const last =
    failures.last_failed_at && failures.last_error
      ? { iso: failures.last_failed_at, text: formatDateTime(failures.last_failed_at), error: failures.last_error }
      : undefined;
  return { summary, last };
}

/** "Mail is failing: 3 messages could not be delivered. Last error (29 Nov 2026, 10:02): 550 5.7.1 Relay access denied" */
function showMailFailures(notice: MailFailureNotice | undefined): void {
  const box = document.querySelector<HTMLElement>('[data-mail-failures]');
  const line = box?.querySelector<HTMLElement>('[data-mail-failures-line]');
  if (!box || !line) return;
  if (!notice) {
    box.hidden = true;
    return;
  }
  const lead = document.createElement('strong');
  lead.textContent = 'Mail is failing:';
  const parts: (Node | string)[] = [lead, ` ${notice.summary}`];
  if (notice.last) parts.push(' Last error (', timeElement(notice.last.iso, notice.last.text), `): ${notice.last.error}`);
  line.replaceChildren(...parts);
  box.hidden = false;
}

export interface SettingsFigures {
  activeUserLimit: string;
  activeUsers: string;
  buildDate: { iso: string; text: string } | undefined;
}

/** What the page shows, from the user, the member count and the build info. */
export function settingsFigures(user: Pick<CurrentUser, 'org'>, activeUsers: number, build: BuildInfo): SettingsFigures {
  const n = new Intl.NumberFormat();
  const limit = user.org?.plan_options.limit_active_users;
  return {
    activeUserLimit: typeof limit === 'number' ? n.format(limit) : '—',
    activeUsers: n.format(activeUsers),
    buildDate: build.time ? { iso: build.time, text: formatDateTime(build.time) } : undefined,
  };
}

function show(name: string, text: string, iso?: string): void {
  const slot = document.querySelector<HTMLElement>(`[data-setting="${name}"]`);
  if (!slot) return;
  slot.removeAttribute('aria-busy');
  if (iso) {
    const time = document.createElement('time');
    time.dateTime = iso;
    time.textContent = text;
    slot.replaceChildren(time);
  } else slot.textContent = text;
}

export async function mountSettingsPage(): Promise<void> {
  const error = document.querySelector<HTMLElement>('[data-settings-error]');
  try {
    const { user, data } = await signedInPage(settingsReads);
    const [members, build, mailFailures] = data;
    const figures = settingsFigures(user, members.total, build);
    show('limit', figures.activeUserLimit);
    show('active', figures.activeUsers);
    show('build', figures.buildDate?.text ?? '—', figures.buildDate?.iso);
    showMailFailures(mailFailureNotice(mailFailures));
  } catch (err) {
    for (const name of ['limit', 'active', 'build']) show(name, '—');
    if (error) {
      error.textContent = problemText(err, 'The settings could not be loaded.');
      error.hidden = false;
    }
  }
}
