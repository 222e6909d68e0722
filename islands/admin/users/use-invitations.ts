/** The Invited tab's list (accounts §2): every pending invitation (GET auth/org-invites), the page shown, and reading it again. */
import { useCallback, useEffect, useState } from 'react';
import { api, problemText } from '../../../src/client/api.ts';
import type { OrgInvitation } from '../../../src/shared/api/accounts.ts';
import { clampSkip } from './users-state.ts';

type Loaded = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; invitations: OrgInvitation[] };

/** `reloadKey`: the page's own count of changes (an invitation sent); `reload`: the tab's (one edited or cancelled). */
export function useInvitations(reloadKey: number) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [skip, setSkip] = useState(0);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let live = true;
    api.auth.orgInvites().then(
      (list) => {
        if (!live) return;
        setLoaded({ status: 'ready', invitations: list.results });
        setSkip((s) => clampSkip(s, list.results.length));
      },
      (error: unknown) => live && setLoaded({ status: 'failed', detail: problemText(error, 'The invitations could not be loaded.') }),
    );
    return () => void (live = false);
  }, [reloadKey, generation]);

  return { loaded, skip, setSkip, reload };
}
