/**
 * Renders $alerts into the layout's bottom-centre region (#alerts). The alert the page before left for
 * this one (`showAlertAfterNavigation`) is taken by the layout as the page starts (`showPendingAlert`),
 * never here: the signed-in chrome mounts this after the page's first paint, when the page may already
 * have left one for the next page.
 */
import { $alerts, dismissAlert } from '../client/stores/alerts.ts';

export function mountAlerts(region: HTMLElement | null = document.getElementById('alerts')): void {
  if (!region) return;
  $alerts.subscribe((alerts) => {
    region.replaceChildren(
      ...alerts.map((alert) => {
        const box = document.createElement('div');
        box.className = 'alert';
        box.dataset.variant = alert.variant;
        box.setAttribute('role', alert.variant === 'error' || alert.variant === 'warning' ? 'alert' : 'status');
        const text = document.createElement('p');
        if (alert.link && alert.message.includes('{link}')) {
          const [before, ...after] = alert.message.split('{link}');
          const link = document.createElement('a');
          link.href = alert.link.href;
          link.textContent = alert.link.text;
          text.append(before ?? '', link, after.join('{link}'));
        } else {
          text.textContent = alert.message;
        }
        box.append(text);
        if (alert.action) {
          const { label, run } = alert.action;
          const action = document.createElement('button');
          action.type = 'button';
          action.textContent = label;
          action.addEventListener('click', () => {
            dismissAlert(alert.id);
            run();
          });
          box.append(action);
        }
        const close = document.createElement('button');
        close.type = 'button';
        close.textContent = '×';
        close.setAttribute('aria-label', 'Dismiss');
        close.addEventListener('click', () => dismissAlert(alert.id));
        box.append(close);
        return box;
      }),
    );
  });
}
