/**
 * The avatar chooser of Account Settings (spec accounts §2 "Avatar picker dialog titled New Avatar with
 * Cancel and Set Avatar buttons, a Choose/Clear Avatar option, crop area 390 by 295"):
 * - the current picture, or the initials when there is none;
 * - Choose Avatar opens the file picker (pictures only), then the 'New Avatar' dialog (THE light dialog)
 *   with the picture in a 390 × 295 crop area (scaled down on narrow screens) and a square selection;
 * - Set Avatar crops, compresses in the browser (elements/shared/image-compression.ts, the house
 *   compressor), signs and sends the upload (POST users/sign-avatar-upload, src/client/uploads.ts), then
 *   PUT auth/me {avatar} and refreshes the user, so the avatar menu follows;
 * - Clear Avatar: PUT auth/me {avatar: null}.
 *
 * The cropper (cropperjs 2, custom elements) is imported only when the dialog first opens: the page's
 * first load does not carry it.
 */
import { compressImage, type CompressionOptions } from '../../../elements/shared/image-compression.ts';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { $user, refreshUser } from '../../client/stores/session.ts';
import { uploadAvatar } from '../../client/uploads.ts';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../shared/constants.ts';
import { showAvatarIn } from '../chrome/avatar-menu.ts';

/** The picture kept: a square of this many pixels, as JPEG at this quality (well under AVATAR_MAX_BYTES). */
export const AVATAR_SIZE = 512;
export const AVATAR_COMPRESSION: CompressionOptions = { quality: 0.85, maxWidth: AVATAR_SIZE, maxHeight: AVATAR_SIZE };

/** The cropper's markup: the picture fitted in the area, one square selection (move, resize, arrow keys). */
const CROPPER_TEMPLATE =
  '<cropper-canvas background>' +
  '<cropper-image initial-center-size="contain"></cropper-image>' +
  '<cropper-shade hidden></cropper-shade>' +
  '<cropper-selection aspect-ratio="1" initial-coverage="0.8" movable resizable keyboard outlined>' +
  '<cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.35)"></cropper-handle>' +
  '<cropper-handle action="ne-resize"></cropper-handle>' +
  '<cropper-handle action="nw-resize"></cropper-handle>' +
  '<cropper-handle action="se-resize"></cropper-handle>' +
  '<cropper-handle action="sw-resize"></cropper-handle>' +
  '</cropper-selection>' +
  '</cropper-canvas>';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
/** After 'Something went wrong: ' when the failure has no words of its own. */
const TRY_AGAIN = 'please try again';

/** Whether a chosen file can become an avatar (by its type; the server checks its bytes). */
export function isAvatarType(type: string): boolean {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(type.toLowerCase());
}

interface OpenCropper {
  toFile(): Promise<File>;
  destroy(): void;
}

/** Puts `image` in a cropper inside `area` (cropperjs loaded now, once). */
async function openCropper(area: HTMLElement, image: HTMLImageElement): Promise<OpenCropper> {
  const { default: Cropper } = await import('cropperjs');
  area.replaceChildren(image);
  const cropper = new Cropper(image, { container: area, template: CROPPER_TEMPLATE });
  const selection = cropper.getCropperSelection()!;
  // Delete and Backspace would remove the selection itself (cropperjs' keyboard control): not here.
  const keepSelection = (event: KeyboardEvent) => {
    if (event.key === 'Delete' || event.key === 'Backspace') event.preventDefault();
  };
  document.addEventListener('keydown', keepSelection, true);
  return {
    async toFile() {
      const canvas = await selection.$toCanvas({ width: AVATAR_SIZE, height: AVATAR_SIZE });
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('The picture could not be cropped');
      return compressImage(new File([blob], 'avatar.png', { type: 'image/png' }), AVATAR_COMPRESSION);
    },
    destroy() {
      document.removeEventListener('keydown', keepSelection, true);
      cropper.destroy();
      area.replaceChildren();
    },
  };
}

export function mountAvatarChooser(): void {
  const preview = byId('avatar-preview');
  const choose = byId<HTMLButtonElement>('avatar-choose');
  const input = byId<HTMLInputElement>('avatar-file');
  const clear = byId<HTMLButtonElement>('avatar-clear');
  const dialog = byId<HTMLDialogElement>('avatar-dialog');
  const area = byId('avatar-crop');
  const set = byId<HTMLButtonElement>('avatar-set');
  const error = byId('avatar-error');
  let cropper: OpenCropper | null = null;
  let objectUrl: string | null = null;
  let setting = false;
  let clearing = false;

  input.accept = AVATAR_CONTENT_TYPES.join(',');

  const showError = (message: string) => {
    error.textContent = message;
    error.hidden = false;
  };

  function show(user: CurrentUser): void {
    showAvatarIn(preview, user);
    clear.disabled = clearing || user.avatar === null;
  }
  $user.subscribe((user) => user && show(user));

  choose.addEventListener('click', () => input.click());

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!isAvatarType(file.type)) {
      showAlert('error', 'An avatar must be a picture (JPEG, PNG, WebP or GIF).');
      return;
    }
    void open(file);
  });

  async function open(file: File): Promise<void> {
    error.hidden = true;
    set.disabled = true;
    openModal(dialog, choose);
    objectUrl = URL.createObjectURL(file);
    const image = new Image();
    image.alt = 'The picture to crop';
    image.src = objectUrl;
    try {
      await image.decode();
      cropper = await openCropper(area, image);
      set.disabled = false;
      set.focus();
    } catch (err) {
      showError(problemText(err, 'This picture could not be opened.'));
    }
  }

  dialog.addEventListener('close', () => {
    cropper?.destroy();
    cropper = null;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = null;
    set.disabled = false;
    setting = false;
  });

  set.addEventListener('click', async () => {
    if (!cropper || setting) return;
    setting = true;
    set.disabled = true;
    error.hidden = true;
    try {
      const file = await cropper.toFile();
      if (file.size > AVATAR_MAX_BYTES) {
        showError('The picture is too large');
        setting = false;
        set.disabled = false;
        return;
      }
      const avatar = await uploadAvatar(file);
      await api.auth.updateMe({ avatar });
      await refreshUser();
      dialog.close();
      showAlert('success', 'Your avatar has been updated.');
    } catch (err) {
      showError(problemText(err, SOMETHING_WENT_WRONG));
      setting = false;
      set.disabled = false;
    }
  });

  clear.addEventListener('click', async () => {
    clearing = true;
    clear.disabled = true;
    try {
      await api.auth.updateMe({ avatar: null });
      await refreshUser();
      showAlert('success', 'Your avatar has been cleared.');
      choose.focus();
    } catch (err) {
      showAlert('error', `Something went wrong: ${problemText(err, TRY_AGAIN)}`);
    } finally {
      clearing = false;
      const user = $user.get();
      if (user) show(user);
    }
  });
}
