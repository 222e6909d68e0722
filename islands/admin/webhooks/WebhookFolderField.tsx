/**
 * The webhook form's Folder (docs/webhooks.md "The pages"): 'Whole organization' or any folder at any
 * depth, chosen in THE folder tree (islands/shared/FolderTree.tsx, folders only). The choice is named with
 * the folders above it. An endpoint whose folder is deep opens with the tree open down to it: its folder's
 * ancestors are read once (GET documentation/folders/{id}).
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { ROOT } from '../../../src/shared/api/documentation.ts';
import { FolderTree, type TreeEntry } from '../../shared/FolderTree.tsx';
import { messages } from './messages.ts';

/** The chosen folder and the names of the folders above it (top first); null: the whole organisation. */
export type ChosenFolder = { id: string; name: string; path: readonly string[] } | null;

const FOLDERS_ONLY = [] as const;
const chooseAny = () => true;

interface Props {
  /** The field's ids' prefix (the form's useId). */
  ids: string;
  chosen: ChosenFolder;
  onChoose: (folder: ChosenFolder) => void;
  /** The top-level folders the page has read (none is an answer too); undefined when that read failed: the tree reads them. */
  topFolders: readonly TreeEntry[] | undefined;
}

export function WebhookFolderField({ ids, chosen, onChoose, topFolders }: Props) {
  const [reveal, setReveal] = useState<readonly string[]>();
  const [initialId] = useState(chosen?.id);
  const current = useRef(chosen);
  current.current = chosen;

  useEffect(() => {
    if (!initialId) return;
    let live = true;
    // The folders above the endpoint's own, to name it and open the tree down to it; without them the name alone.
    api.documentation.folder(initialId).then(
      (folder) => {
        // Unless another was chosen meanwhile.
        if (!live || current.current?.id !== initialId) return;
        const above = folder.ancestors.filter((a) => a.id !== folder.root_id);
        setReveal(above.map((a) => a.id));
        onChoose({ id: folder.id, name: folder.name, path: above.map((a) => a.name) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once, for the folder the endpoint had when the form opened.
  }, [initialId, onChoose]);

  const choose = (entry: TreeEntry, path: readonly TreeEntry[]) =>
    onChoose(entry.id === ROOT ? null : { id: entry.id, name: entry.name, path: path.map((p) => p.name) });

  return (
    <div className="field webhook-folder">
      <span className="field-label" id={`${ids}-folder`}>
        {messages.folder}
      </span>
      <p className="webhook-folder-chosen" id={`${ids}-folder-chosen`} aria-live="polite">
        <span className="hint">{messages.folderChosen}</span>{' '}
        <strong>{chosen ? [...chosen.path, chosen.name].join(' / ') : messages.wholeOrganization}</strong>
      </p>
      <div className="webhook-folder-tree">
        <FolderTree
          labelledBy={`${ids}-folder`}
          describedBy={`${ids}-folder-hint`}
          doctypes={FOLDERS_ONLY}
          choosable={chooseAny}
          chosen={chosen?.id ?? ROOT}
          onChoose={choose}
          topLabel={messages.wholeOrganization}
          topEntries={topFolders}
          reveal={reveal}
        />
      </div>
      <p className="hint" id={`${ids}-folder-hint`}>
        {messages.folderHint}
      </p>
    </div>
  );
}
