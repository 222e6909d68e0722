/**
 * An empty folder says what to do (issue #32): the spec's '- - Empty - -', then to someone who may add
 * here (the action table: createFolder / createDocument) buttons that open New Folder and New Document,
 * and to someone who may not, who to ask. Built for both sides (./FolderPage.tsx: the server renders it too).
 */
import { messages } from './messages.ts';

interface Props {
  canCreateFolder: boolean;
  canCreateDocument: boolean;
  onNewFolder: () => void;
  onNewDocument: () => void;
}

export const EMPTY_FOLDER_CAN_ADD = 'Nothing here yet. Add the first folder or document:';
export const EMPTY_FOLDER_READ_ONLY = 'Nothing here yet. To add something here, ask an organization admin, or someone with Write permission on this folder, to grant you Write.';

export function EmptyFolder({ canCreateFolder, canCreateDocument, onNewFolder, onNewDocument }: Props) {
  const canAdd = canCreateFolder || canCreateDocument;
  return (
    <div className="browse-empty-state">
      <p className="browse-empty">{messages.empty}</p>
      <p className="browse-empty-hint">{canAdd ? EMPTY_FOLDER_CAN_ADD : EMPTY_FOLDER_READ_ONLY}</p>
      {canAdd && (
        <p className="browse-empty-actions">
          {canCreateFolder && (
            <button type="button" className="button secondary" onClick={onNewFolder}>
              New Folder
            </button>
          )}
          {canCreateDocument && (
            <button type="button" className="button" onClick={onNewDocument}>
              New Document
            </button>
          )}
        </p>
      )}
    </div>
  );
}
