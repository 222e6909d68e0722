/**
 * Reads a QR code off the screen the way a phone would: a screenshot of the element, its pixels
 * decoded by jsQR. The PNG is turned into pixels by the browser itself, on a blank page of its own
 * (no Content-Security-Policy there), so no image library is needed here.
 */
import type { BrowserContext, Locator } from '@playwright/test';
import jsQR from 'jsqr';

export async function readQrCode(context: BrowserContext, code: Locator): Promise<string | undefined> {
  const png = (await code.screenshot()).toString('base64');
  const blank = await context.newPage();
  try {
    const { width, height, pixels } = await blank.evaluate(async (source) => {
      const image = new Image();
      image.src = `data:image/png;base64,${source}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context2d = canvas.getContext('2d')!;
      context2d.drawImage(image, 0, 0);
      const data = context2d.getImageData(0, 0, canvas.width, canvas.height).data;
      return { width: canvas.width, height: canvas.height, pixels: Array.from(data) };
    }, png);
    return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data;
  } finally {
    await blank.close();
  }
}
