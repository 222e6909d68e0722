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

/** The chooser's parts in the page (src/pages/account-settings.astro). */
interface ChooserParts {
  preview: HTMLElement;
  choose: HTMLButtonElement;
  input: HTMLInputElement;
  clear: HTMLButtonElement;
  dialog: HTMLDialogElement;
  area: HTMLElement;
  set: HTMLButtonElement;
  error: HTMLElement;
}

/** What the chooser is doing: the open cropper and its picture's address, a Set or a Clear under way. */
interface ChooserState {
  cropper: OpenCropper | null;
  objectUrl: string | null;
  setting: boolean;
  clearing: boolean;
}

function chooserParts(): ChooserParts {
  return {
    preview: byId('avatar-preview'),
    choose: byId<HTMLButtonElement>('avatar-choose'),
    input: byId<HTMLInputElement>('avatar-file'),
    clear: byId<HTMLButtonElement>('avatar-clear'),
    dialog: byId<HTMLDialogElement>('avatar-dialog'),
    area: byId('avatar-crop'),
    set: byId<HTMLButtonElement>('avatar-set'),
    error: byId('avatar-error'),
  };
}

function showError(parts: ChooserParts, message: string): void {
  parts.error.textContent = message;
  parts.error.hidden = false;
}

/** The current avatar, and Clear Avatar only when there is one and no clearing is under way. */
function showUser(parts: ChooserParts, state: ChooserState, user: CurrentUser): void {
  showAvatarIn(parts.preview, user);
  parts.clear.disabled = state.clearing || user.avatar === null;
}

export function mountAvatarChooser(): void {
  const parts = chooserParts();
  const state: ChooserState = { cropper: null, objectUrl: null, setting: false, clearing: false };
  parts.input.accept = AVATAR_CONTENT_TYPES.join(',');
  $user.subscribe((user) => user && showUser(parts, state, user));
  mountChoose(parts, state);
  parts.set.addEventListener('click', () => void setAvatar(parts, state));
  parts.clear.addEventListener('click', () => void clearAvatar(parts, state));
}

/** Choose Avatar: the file picker, then the 'New Avatar' dialog with the picture in the cropper. */
function mountChoose(parts: ChooserParts, state: ChooserState): void {
  const { choose, input, dialog } = parts;
  choose.addEventListener('click', () => input.click());

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!isAvatarType(file.type)) {
      showAlert('error', 'An avatar must be a picture (JPEG, PNG, WebP or GIF).');
      return;
    }
    void openCropDialog(parts, state, file);
  });

  dialog.addEventListener('close', () => {
    state.cropper?.destroy();
    state.cropper = null;
    if (state.objectUrl) URL.revokeObjectURL(state.objectUrl);
    state.objectUrl = null;
    parts.set.disabled = false;
    state.setting = false;
  });
}

async function openCropDialog(parts: ChooserParts, state: ChooserState, file: File): Promise<void> {
  const { error, set } = parts;
  error.hidden = true;
  set.disabled = true;
  openModal(parts.dialog, parts.choose);
  state.objectUrl = URL.createObjectURL(file);
  const image = new Image();
  image.alt = 'The picture to crop';
  image.src = state.objectUrl;
  try {
    await image.decode();
    state.cropper = await openCropper(parts.area, image);
    set.disabled = false;
    set.focus();
  } catch (err) {
    showError(parts, problemText(err, 'This picture could not be opened.'));
  }
}

/** Set Avatar: crop, compress, upload, PUT auth/me {avatar}, refresh the user. */
async function setAvatar(parts: ChooserParts, state: ChooserState): Promise<void> {
  const { cropper } = state;
  const { set } = parts;
  if (!cropper || state.setting) return;
  state.setting = true;
  set.disabled = true;
  parts.error.hidden = true;
  try {
    const file = await cropper.toFile();
    if (file.size > AVATAR_MAX_BYTES) {
      showError(parts, 'The picture is too large');
      state.setting = false;
      set.disabled = false;
      return;
    }
    const avatar = await uploadAvatar(file);
    await api.auth.updateMe({ avatar });
    await refreshUser();
    parts.dialog.close();
    showAlert('success', 'Your avatar has been updated.');
  } catch (err) {
    showError(parts, problemText(err, SOMETHING_WENT_WRONG));
    state.setting = false;
    set.disabled = false;
  }
}

/** Clear Avatar: PUT auth/me {avatar: null}. */
async function clearAvatar(parts: ChooserParts, state: ChooserState): Promise<void> {
  state.clearing = true;
  parts.clear.disabled = true;
  try {
    await api.auth.updateMe({ avatar: null });
    await refreshUser();
    showAlert('success', 'Your avatar has been cleared.');
    parts.choose.focus();
  } catch (err) {
    showAlert('error', `Something went wrong: ${problemText(err, TRY_AGAIN)}`);
  } finally {
    state.clearing = false;
    const user = $user.get();
    if (user) showUser(parts, state, user);
  }
}
