/**
 * The QR-code widget of the filler, `rb-checklist` (documentation §4 "Form fill"; issue #4 "The filler"):
 * a code read with the rear camera into the answer (jsQR loaded only then), and a camera that cannot be
 * used leaving the typed answer as the way in. The checklist is published over the API.
 */
import { filler, openChecklist, publishChecklist, question, questionNamed, submitButton } from './support/checklist-filler.ts';
import { expect, test } from './support/test.ts';

test.describe('the QR-code widget', () => {
  test('reads a code with the rear camera (jsQR loaded only then) into the answer', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Scan', { tag: question('Asset tag', 'text', { widget: 'qr code', required: true }) });
    // The camera: a canvas showing a QR code of 'LBL-0042', drawn by the app's own rb-qr-code bundle.
    await page.addInitScript(() => {
      const asked: MediaStreamConstraints[] = [];
      (window as unknown as { __cameraAsks: MediaStreamConstraints[] }).__cameraAsks = asked;
      navigator.mediaDevices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
        asked.push(constraints ?? {});
        await import(/* @vite-ignore */ '/elements/rb-qr-code.js' as string);
        const code = document.createElement('rb-qr-code');
        code.setAttribute('value', 'LBL-0042');
        code.setAttribute('size', '240');
        code.style.position = 'fixed';
        code.style.left = '-1000px';
        document.body.append(code);
        await (code as unknown as { drawn(): Promise<void> }).drawn();
        const svg = code.shadowRoot!.querySelector('svg')!;
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 320;
        const context = canvas.getContext('2d')!;
        const paint = () => {
          context.fillStyle = '#fff';
          context.fillRect(0, 0, 320, 320);
          context.drawImage(image, 40, 40, 240, 240);
        };
        paint();
        setInterval(paint, 100);
        return canvas.captureStream(10);
      };
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openChecklist(page, orgAdmin, doc);
    expect(scripts.some((s) => /jsQR/i.test(s))).toBe(false);

    // The dialog opens and closes by itself once the code is read (too fast to watch reliably).
    await questionNamed(page, 'Asset tag').getByRole('button', { name: 'Scan QR code' }).click();
    await expect(questionNamed(page, 'Asset tag').getByRole('textbox')).toHaveValue('LBL-0042', { timeout: 10_000 });
    await expect(filler(page).getByRole('dialog', { name: 'Scan QR code' })).toBeHidden();
    const asks = await page.evaluate(() => (window as unknown as { __cameraAsks: MediaStreamConstraints[] }).__cameraAsks);
    expect(asks).toEqual([{ video: { facingMode: 'environment' }, audio: false }]);
    const hasDetector = await page.evaluate(() => 'BarcodeDetector' in window);
    if (!hasDetector) expect(scripts.some((s) => /jsQR/i.test(s))).toBe(true);
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a camera that cannot be used leaves the typed answer as the way in', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'No camera', { tag: question('Asset tag', 'text', { widget: 'qr code', required: true }) });
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      };
    });
    await openChecklist(page, orgAdmin, doc);
    await questionNamed(page, 'Asset tag').getByRole('button', { name: 'Scan QR code' }).click();
    const dialog = filler(page).getByRole('dialog', { name: 'Scan QR code' });
    await expect(dialog.getByRole('status')).toHaveText('The camera could not be used: Permission denied Type the code instead.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await questionNamed(page, 'Asset tag').getByRole('textbox').fill('LBL-0043');
    await expect(submitButton(page)).toBeEnabled();
  });
});
