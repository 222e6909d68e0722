/** $alerts: the messages shown bottom centre; each hides itself after 5000 ms. */
import { atom } from 'nanostores';
import { ALERT_HIDE_MS } from '../../shared/constants.ts';

export type AlertVariant = 'success' | 'info' | 'warning' | 'error';

export interface Alert {
  id: number;
  variant: AlertVariant;
  message: string;
  /** An optional action button (UNDO and the like). */
  action?: { label: string; run: () => void };
  /** A link shown in place of `{link}` in the message ('Folder {name link} created.'). */
  link?: { text: string; href: string };
}

export const $alerts = atom<Alert[]>([]);
let nextId = 1;

export function showAlert(variant: AlertVariant, message: string, action?: Alert['action'], link?: Alert['link']): number {
  const id = nextId++;
  $alerts.set([...$alerts.get(), { id, variant, message, ...(action ? { action } : {}), ...(link ? { link } : {}) }]);
  setTimeout(() => dismissAlert(id), ALERT_HIDE_MS);
  return id;
}

export function dismissAlert(id: number): void {
  $alerts.set($alerts.get().filter((a) => a.id !== id));
}

/** Alerts that must survive a page change (e.g. shown on /login after a logout) wait in session storage. */
const PENDING_KEY = 'pendingAlert';

export function showAlertAfterNavigation(variant: AlertVariant, message: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ variant, message }));
  } catch {
    // storage unavailable: the alert is lost with the page
  }
}

export function showPendingAlert(): void {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return;
    sessionStorage.removeItem(PENDING_KEY);
    const { variant, message } = JSON.parse(raw) as { variant: AlertVariant; message: string };
    showAlert(variant, message);
  } catch {
    // ignore a malformed entry
  }
}
