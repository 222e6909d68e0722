/** What the fill pages read from their address and write in their heading (pure: tests/unit/screens/fill). */
import type { SharedChecklist } from '../../../elements/rb-checklist/checklist-api.ts';

/** The heading shown when the link is refused (the element says why). */
export const NOT_AVAILABLE_HEADING = 'This checklist cannot be filled in';

/** Whether the address asks for a kiosk station (`?kiosk=1`, also `true`, `yes` or empty), as the document page reads it. */
export function isKioskAddress(search: string): boolean {
  const flag = new URLSearchParams(search).get('kiosk');
  return flag !== null && ['1', 'true', 'yes', ''].includes(flag.toLowerCase());
}

/** The page's title: the checklist's name, then its organisation's. */
export function fillTitle(checklist: Pick<SharedChecklist, 'name' | 'organization_name'>): string {
  return [checklist.name, checklist.organization_name].filter(Boolean).join(' · ') || 'Checklist';
}

/** The share token of a fill page's address (`/fill/{token}`, `/embed/fill/{token}`): its last segment. */
export function shareTokenOfPath(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
