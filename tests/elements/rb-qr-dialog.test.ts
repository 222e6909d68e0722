/**
 * <rb-qr-dialog> alone in Chromium (vitest's `elements` project): its attributes make the title and the
 * address; show(opener) opens it modal with the box focused; Escape and Close close it, emit rb-close and
 * give the focus back to the opener; the buttons wait for the code to be drawn.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-qr-dialog/rb-qr-dialog.ts';
import type { RbQrDialog } from '../../elements/rb-qr-dialog/rb-qr-dialog.ts';
import { allByRole, byRole, mount, opener, shadowOf } from './support/mount.ts';

afterEach(() => document.body.replaceChildren());

describe('<rb-qr-dialog>', () => {
  test('names the item in its title and shows the address as a link', async () => {
    const dialog = await mount<RbQrDialog>('<rb-qr-dialog name="Manuals" value="https://rb.example/documentation/browse/f1"></rb-qr-dialog>');
    const root = shadowOf(dialog);
    const box = root.querySelector('dialog')!;
    expect(box.open).toBe(false);
    expect(root.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('QR Code: Manuals');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://rb.example/documentation/browse/f1');
  });

  test('opens modal with the box focused; Escape closes it, emits rb-close and focuses the opener', async () => {
    const button = opener('QR Code');
    const dialog = await mount<RbQrDialog>('<rb-qr-dialog name="Manuals" value="https://rb.example/x"></rb-qr-dialog>');
    let closed = 0;
    dialog.addEventListener('rb-close', () => closed++);
    await dialog.show(button);
    const box = shadowOf(dialog).querySelector('dialog')!;
    expect(box.open).toBe(true);
    expect(box.matches(':modal')).toBe(true);
    expect(shadowOf(dialog).activeElement).toBe(box);
    // Drawn: the actions are offered.
    expect(byRole(dialog, 'button', 'Download PNG').disabled).toBe(false);

    await userEvent.keyboard('{Escape}');
    await expect.poll(() => box.open).toBe(false);
    expect(closed).toBe(1);
    expect(document.activeElement).toBe(button);
  });

  test('Close and the X close it too', async () => {
    const dialog = await mount<RbQrDialog>('<rb-qr-dialog name="A" value="https://rb.example/a"></rb-qr-dialog>');
    await dialog.show(opener('Open'));
    const [x, close] = allByRole(dialog, 'button', 'Close');
    expect(x!.getAttribute('aria-label')).toBe('Close');
    await userEvent.click(close!);
    await expect.poll(() => dialog.open).toBe(false);
    await dialog.show(null);
    await userEvent.click(x!);
    await expect.poll(() => dialog.open).toBe(false);
  });
});
