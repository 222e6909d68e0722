/**
 * The Permissions tab: <rb-permission-editor> fed through the app's API client (the element's own
 * loading is for pages outside the app). Its `rb-change` entries go up to the dialog, which saves them.
 */
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { useEffect, useRef, useState } from 'react';
import type { PermissionEntry, RbPermissionEditor } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import { api, ApiError } from '../../../src/client/api.ts';
import type { ItemKind } from '../../../src/shared/api/documentation.ts';

interface Props {
  kind: ItemKind;
  id: string;
  onChange: (entries: PermissionEntry[]) => void;
}

export function PermissionsTab({ kind, id, onChange }: Props) {
  const editor = useRef<RbPermissionEditor>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');

  useEffect(() => {
    let live = true;
    Promise.all([api.documentation.acl(kind, id), api.documentation.aclSubjects(), import('../../../elements/rb-permission-editor/rb-permission-editor.ts')])
      .then(async ([acl, subjects]) => {
        if (!live) return;
        setState('ready');
        await new Promise(requestAnimationFrame);
        const element = editor.current;
        if (!element) return;
        element.subjects = subjects.results;
        element.entries = acl.entries;
        element.inherited = acl.inherited;
      })
      .catch((err: unknown) => live && setState(err instanceof ApiError ? err.detail : String(err)));
    return () => {
      live = false;
    };
  }, [kind, id]);

  useEffect(() => {
    const element = editor.current;
    if (!element || state !== 'ready') return;
    const listener = (event: CustomEvent<{ entries: PermissionEntry[] }>) => onChange(event.detail.entries);
    element.addEventListener('rb-change', listener);
    return () => element.removeEventListener('rb-change', listener);
  }, [state, onChange]);

  if (state === 'loading') return <SlSpinner aria-label="Loading permissions" />;
  if (state !== 'ready') return <p className="error-text" role="alert">{state}</p>;
  return <rb-permission-editor ref={editor as React.Ref<HTMLElement>} item-kind={kind} />;
}
