/**
 * The picture of a question (documentation §3 question media; §5: compressed at quality 0.8 before the
 * upload): chosen from the device, made smaller on a canvas, sent through the signed upload, and shown.
 * A stored picture is shown through a short-lived address from the server.
 */
import { useEffect, useId, useRef, useState, type Dispatch } from 'react';
import { compressImage, FORM_MEDIA } from '../../elements/shared/image-compression.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';
import { mediaUrls, uploadFile } from '../../src/client/uploads.ts';
import type { Question } from '../../src/shared/checklists/question.ts';
import type { EditorAction } from './editor-state.ts';
import { messages } from '../shared/document-editor/messages.ts';

/** The pictures a question may show. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

interface Props {
  documentId: string;
  id: string;
  questionLabel: string;
  question: Question;
  dispatch: Dispatch<EditorAction>;
}

/** Where to show the question's stored picture from: a local copy just uploaded, or a signed address. */
function usePictureAddress(documentId: string, uploadId: string | null | undefined, local: { uploadId: string; url: string } | undefined) {
  const [signed, setSigned] = useState<{ uploadId: string; url: string } | undefined>();
  useEffect(() => {
    if (!uploadId || local?.uploadId === uploadId) return;
    let live = true;
    mediaUrls(documentId, [uploadId])
      .then(([found]) => live && found && setSigned({ uploadId, url: found.url }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [documentId, uploadId, local?.uploadId]);
  if (!uploadId) return undefined;
  if (local?.uploadId === uploadId) return local.url;
  return signed?.uploadId === uploadId ? signed.url : undefined;
}

export function QuestionMedia({ documentId, id, questionLabel, question, dispatch }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const busyId = useId();
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<{ uploadId: string; url: string } | undefined>();
  const address = usePictureAddress(documentId, question.media, local);

  useEffect(() => () => local && URL.revokeObjectURL(local.url), [local]);

  async function upload(file: File) {
    setBusy(true);
    try {
      const compressed = await compressImage(file, FORM_MEDIA);
      const uploadId = await uploadFile(documentId, compressed);
      setLocal({ uploadId, url: URL.createObjectURL(compressed) });
      dispatch({ type: 'setMedia', id, media: { media: uploadId, content_type: compressed.type, filename: compressed.name, media_thumb: null } });
    } catch {
      showAlert('warning', messages.uploadFailed);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const hasPicture = !!question.media;
  return (
    <div className="question-media">
      {hasPicture && (
        <figure className="question-picture">
          {address ? <img src={address} alt={`Picture of ${questionLabel}${question.filename ? `: ${question.filename}` : ''}`} /> : <span className="hint">Loading picture…</span>}
        </figure>
      )}
      <div className="media-actions">
        {/* Opened by the button; hidden, so that screen readers meet one control, not two. */}
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          hidden
          data-picture-input
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <button type="button" className="button secondary" disabled={busy} aria-describedby={busy ? busyId : undefined} onClick={() => input.current?.click()}>
          {hasPicture ? 'Replace picture' : 'Add picture'}
        </button>
        {hasPicture && (
          <button type="button" className="button text" disabled={busy} onClick={() => dispatch({ type: 'setMedia', id, media: null })}>
            Remove picture
          </button>
        )}
        {busy && (
          <span className="hint" id={busyId} role="status">
            Uploading…
          </span>
        )}
      </div>
    </div>
  );
}
