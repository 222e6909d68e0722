/** The demo page's script (demo.html, built to demo.js): the input drives the code; the buttons print and download (SVG, PNG). */
import type { RbQrCode } from './rb-qr-code.element.ts';

const input = document.querySelector<HTMLInputElement>('#address')!;
const status = document.querySelector<HTMLElement>('#status')!;
const code = document.querySelector<RbQrCode>('rb-qr-code')!;

async function run(action: () => Promise<void>, done: string): Promise<void> {
  try {
    await action();
    status.textContent = done;
  } catch (error) {
    status.textContent = error instanceof Error ? error.message : String(error);
  }
}

input.addEventListener('input', () => {
  code.value = input.value.trim();
});
document.querySelector('#print')!.addEventListener('click', () => void run(() => code.print(), ''));
document.querySelector('#download-svg')!.addEventListener('click', () => void run(() => code.download('qr-code', 'svg'), 'Downloaded qr-code.svg'));
document.querySelector('#download')!.addEventListener('click', () => void run(() => code.download('qr-code', 'png'), 'Downloaded qr-code.png'));
