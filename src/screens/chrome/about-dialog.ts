/** The about dialog of the drawer: the client version and the server's version and build time (`_build-info`). */
import { api } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';

export function mountAboutDialog(): void {
  const opener = document.getElementById('about-button');
  const dialog = document.getElementById('about-dialog') as HTMLDialogElement | null;
  if (!opener || !dialog) return;
  const version = document.getElementById('about-server-version')!;
  const time = document.getElementById('about-build-time')!;
  let loaded = false;

  async function load(): Promise<void> {
    try {
      const info = await api.buildInfo();
      version.textContent = info.version;
      time.replaceChildren(timeElement(info.time, formatDateTime(info.time)));
      loaded = true;
    } catch {
      version.textContent = time.textContent = 'Unavailable';
    }
  }

  opener.addEventListener('click', () => {
    if (!loaded) void load();
    openModal(dialog, opener);
  });
}
