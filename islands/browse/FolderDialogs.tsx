/**
 * The folder browser's dialogs (documentation §2): one open at a time. They (and the Shoelace form controls they use)
 * load when one is first opened.
 */
import { lazy } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import type { ClipboardItem } from '../../src/client/stores/clipboard.ts';
import { itemPath } from '../../src/shared/page-addresses.ts';
import type { FollowSubject } from './follow.ts';
import type { DropTarget } from './item-drag.ts';

const DeleteDialog = lazy(() => import('./dialogs/DeleteDialog.tsx').then((m) => ({ default: m.DeleteDialog })));
const NewDocumentDialog = lazy(() => import('./dialogs/NewDocumentDialog.tsx').then((m) => ({ default: m.NewDocumentDialog })));
const NewFolderDialog = lazy(() => import('./dialogs/NewFolderDialog.tsx').then((m) => ({ default: m.NewFolderDialog })));
const PasteDialog = lazy(() => import('./dialogs/PasteDialog.tsx').then((m) => ({ default: m.PasteDialog })));
const PropertiesDialog = lazy(() => import('./dialogs/PropertiesDialog.tsx').then((m) => ({ default: m.PropertiesDialog })));
const QrCodeDialog = lazy(() => import('../shared/QrCodeDialog.tsx').then((m) => ({ default: m.QrCodeDialog })));
const SubscriptionDialog = lazy(() => import('./dialogs/SubscriptionDialog.tsx').then((m) => ({ default: m.SubscriptionDialog })));
const AssignDialog = lazy(() => import('./dialogs/AssignDialog.tsx').then((m) => ({ default: m.AssignDialog })));

export type Dialog =
  | { type: 'new-folder' }
  | { type: 'new-document' }
  | { type: 'delete'; item: ListedItem }
  | { type: 'properties'; item: ListedItem; root?: boolean }
  | { type: 'paste'; item: ClipboardItem; destination: DropTarget }
  | { type: 'qr-code'; item: ListedItem }
  | { type: 'subscribe'; item: FollowSubject }
  | { type: 'assign'; item: FollowSubject };

interface Props {
  dialog: Dialog | undefined;
  folderId: string;
  /** An item changed (or one was created: no item). */
  onChanged: (item?: { kind: string }) => void;
  onClosed: () => void;
}

export function FolderDialogs({ dialog, folderId, onChanged, onClosed }: Props) {
  return (
    <>
      {dialog?.type === 'new-folder' && <NewFolderDialog parentId={folderId} onCreated={() => onChanged()} onClosed={onClosed} />}
      {dialog?.type === 'new-document' && <NewDocumentDialog folderId={folderId} onClosed={onClosed} />}
      {dialog?.type === 'delete' && <DeleteDialog item={dialog.item} onChanged={onChanged} onClosed={onClosed} />}
      {dialog?.type === 'properties' && <PropertiesDialog item={dialog.item} root={dialog.root} onSaved={onChanged} onClosed={onClosed} />}
      {dialog?.type === 'paste' && <PasteDialog item={dialog.item} destination={dialog.destination} onPasted={onChanged} onClosed={onClosed} />}
      {dialog?.type === 'qr-code' && <QrCodeDialog name={dialog.item.name} address={itemPath(dialog.item)} onClosed={onClosed} />}
      {dialog?.type === 'subscribe' && <SubscriptionDialog item={dialog.item} onClosed={onClosed} />}
      {dialog?.type === 'assign' && <AssignDialog item={dialog.item} onClosed={onClosed} />}
    </>
  );
}
