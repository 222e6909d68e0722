/**
 * The Permissions tab: <rb-permission-editor> fed through the app's API client (the element's own
 * loading is for pages outside the app). Its `rb-change` entries go up to the dialog, which saves them.
 */
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { useCallback, useEffect, useState } from 'react';
import type { PermissionEntry, RbPermissionEditor } from '../../../elements/rb-permission-editor/rb-permission-editor.ts';
import { api, problemText } from '../../../src/client/api.ts';
import type { Acl, AclSubject, ItemKind } from '../../../src/shared/api/documentation.ts';

/** What the root's Permissions tab says (issue #32; docs/documentation-tree.md "The root's entries"). */
export const ROOT_PERMISSIONS_NOTE =
  'This is the root folder: what is granted here holds in every folder and document below, unless an entry further down revokes it. A new organization’s root grants the organization every permission; an organization made earlier keeps the entries it had.';

interface Props {
  kind: ItemKind;
  id: string;
  /** The organisation's root folder: say what its entries mean. */
  root?: boolean;
  onChange: (entries: PermissionEntry[]) => void;
}

type Loaded = { acl: Acl; subjects: AclSubject[] };

export function PermissionsTab({ kind, id, root = false, onChange }: Props) {
  const [state, setState] = useState<Loaded | 'loading' | { error: string }>('loading');

  useEffect(() => {
    let live = true;
    Promise.all([api.documentation.acl(kind, id), api.documentation.aclSubjects(), import('../../../elements/rb-permission-editor/rb-permission-editor.ts')])
      .then(([acl, subjects]) => live && setState({ acl, subjects: subjects.results }))
      .catch((err: unknown) => live && setState({ error: problemText(err, 'The permissions could not be loaded.') }));
    return () => {
      live = false;
    };
  }, [kind, id]);

  const loaded = typeof state === 'object' && 'acl' in state ? state : undefined;
  // The element takes its data as properties, set once it is in the page.
  const attach = useCallback(
    (element: RbPermissionEditor | null) => {
      if (!element || !loaded) return;
      element.subjects = loaded.subjects;
      element.entries = loaded.acl.entries;
      element.inherited = loaded.acl.inherited;
      const listener = (event: CustomEvent<{ entries: PermissionEntry[] }>) => onChange(event.detail.entries);
      element.addEventListener('rb-change', listener);
      return () => element.removeEventListener('rb-change', listener);
    },
    [loaded, onChange],
  );

  if (state === 'loading') return <SlSpinner aria-label="Loading permissions" />;
  if ('error' in state) {
    return (
      <p className="error-text" role="alert">
        {state.error}
      </p>
    );
  }
  return (
    <>
      {root && <p className="permissions-root-note">{ROOT_PERMISSIONS_NOTE}</p>}
      <rb-permission-editor ref={attach as React.Ref<HTMLElement>} item-kind={kind} />
    </>
  );
}
