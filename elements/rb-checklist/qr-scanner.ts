/**
 * Reading a QR code with the rear camera (documentation §9: "QR scanning uses the rear camera"): the
 * camera stream goes into a <video>; frames are decoded by the browser's BarcodeDetector where it exists,
 * otherwise by jsQR, imported only then (its own chunk, never part of the filler's first load).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = (new (options: { formats: string[] }) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** Decodes one frame of a video; answers the text of a QR code in it, or undefined. */
type FrameDecoder = (video: HTMLVideoElement) => Promise<string | undefined>;

/** How often a frame is looked at. */
const FRAME_INTERVAL_MS = 200;

/** Opens the rear camera ('environment'); rejects when there is none or the person refuses. */
export async function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here.');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
}

async function nativeDecoder(): Promise<FrameDecoder | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  const formats = (await Detector.getSupportedFormats?.().catch(() => [] as string[])) ?? ['qr_code'];
  if (!formats.includes('qr_code')) return undefined;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue;
}

type JsQr = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: string }) => { data: string } | null;

async function libraryDecoder(): Promise<FrameDecoder> {
  const loaded = (await import('jsqr')) as unknown as { default?: JsQr } & JsQr;
  const jsQR: JsQr = typeof loaded.default === 'function' ? loaded.default : loaded;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read camera frames.');
  return async (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return undefined;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? undefined;
  };
}

/** The best decoder this browser has: BarcodeDetector, else jsQR (loaded now). */
export async function qrDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? libraryDecoder();
}

/**
 * Looks at the video's frames until one holds a QR code; answers its text. Rejects with an AbortError
 * when `signal` is aborted (the person closed the scanner).
 */
export async function scanVideo(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const decode = await qrDecoder();
  for (;;) {
    if (signal.aborted) throw new DOMException('The scan was cancelled', 'AbortError');
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      const text = await decode(video).catch(() => undefined);
      if (text) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, FRAME_INTERVAL_MS));
  }
}
