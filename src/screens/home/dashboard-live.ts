/**
 * The dashboard follows the live stream the bell opened (issue #32; src/client/stores/notifications.ts
 * `onLiveNews`): a notification or a resync reads the panels it may change again — Recent Activity
 * always; Assignments to Claim on an assignment (or a resync: a claim, a revoke); Checklists in Progress
 * when a document changed (a renamed or deleted checklist), on a resync, and when another tab of this
 * browser saved or cleared a draft (the `storage` event: drafts live in local storage, not on the
 * server); the first steps when something was created. Reads close together are made once.
 */
import { onLiveNews, type LiveNews } from '../../client/stores/notifications.ts';
import { isDraftKey } from './dashboard-items.ts';

export interface LiveReaders {
  assignments: () => void;
  activity: () => void;
  drafts: () => void;
  guidance: () => void;
}

type Panel = keyof LiveReaders;

/** Which panels one piece of news may change (pure). */
export function panelsToRead(news: LiveNews): Panel[] {
  if (news.kind === 'resync') return ['activity', 'assignments', 'drafts', 'guidance'];
  if (news.kind === 'submission') return [];
  const type = news.notification.activity_type;
  const panels: Panel[] = ['activity'];
  if (type === 'DocumentAssigned' || type === 'FolderAssigned' || type === 'DataSubmitted' || type.endsWith('ACLUpdated') || type.endsWith('Deleted')) panels.push('assignments');
  if (type.startsWith('Document')) panels.push('drafts');
  if (type.endsWith('Created') || type.endsWith('Copied')) panels.push('guidance');
  return panels;
}

let stop: (() => void) | undefined;

/** Follows the stream for this dashboard (a later call, e.g. after an organisation switch, replaces it). */
export function followLive(readers: LiveReaders): void {
  stop?.();
  const due = new Set<Panel>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (panels: Panel[]) => {
    for (const p of panels) due.add(p);
    timer ??= setTimeout(() => {
      timer = undefined;
      for (const p of due) readers[p]();
      due.clear();
    }, 150);
  };
  const unlisten = onLiveNews((news) => schedule(panelsToRead(news)));
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || isDraftKey(event.key)) schedule(['drafts']);
  };
  window.addEventListener('storage', onStorage);
  stop = () => {
    unlisten();
    window.removeEventListener('storage', onStorage);
    if (timer) clearTimeout(timer);
  };
}
