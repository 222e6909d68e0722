/**
 * General Settings (/admin/settings, accounts §2 "Settings (breadcrumb Home > Admin): Active User Limit,
 * Currently Active Users, build date"). The plan's limit comes with the user (auth/me org.plan_options);
 * the count is the total of `GET users` asked for one row — the same number as the Users screen's
 * Active Users footer; the build date is `_build-info`'s time. Both reads leave beside auth/me (their
 * addresses are this route's early reads, src/client/early-reads.ts).
 */
import { api } from '../../client/api.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime } from '../../client/time-format.ts';
import type { BuildInfo, CurrentUser } from '../../shared/api/accounts.ts';

/** The page's reads, exactly as its early reads name them ('users?limit=1', '_build-info'). */
export const settingsReads = () => Promise.all([api.users.list({ limit: 1 }), api.buildInfo()]);

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
    const [members, build] = data;
    const figures = settingsFigures(user, members.total, build);
    show('limit', figures.activeUserLimit);
    show('active', figures.activeUsers);
    show('build', figures.buildDate?.text ?? '—', figures.buildDate?.iso);
  } catch (err) {
    for (const name of ['limit', 'active', 'build']) show(name, '—');
    if (error) {
      error.textContent = err instanceof Error && err.message ? err.message : 'The settings could not be loaded.';
      error.hidden = false;
    }
  }
}
