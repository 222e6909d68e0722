/**
 * The checklist filler, `rb-checklist` (documentation §4 "Form fill", §5; issue #4 "The filler" and
 * "Kiosk stations and offline"): a checklist with every value type and widget is built and published
 * over the API, filled in on its document page and submitted; the row is then read back over the API.
 * Also: Submit's rules, 'Invalid Email' / 'Invalid URL', the autosaved draft and Reset Questions,
 * submissions made offline on a kiosk (sent exactly once when the network returns), a photo through the
 * signed upload, the element on its plain-HTML demo page, and the view route's weight for a checklist.
 */
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { newQuestion, withValueType, type Question } from '../../src/shared/checklists/question.ts';
import type { ValueType, Widget } from '../../src/shared/checklists/value-types.ts';
import { baseUrl } from './support/environment.ts';
import { endOwnSession } from './support/journeys.ts';
import {
  callApi,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  phoneViewport,
  signInOverApi,
  signInWithToken,
  test,
  usePhoneViewport,
  type OrgAdmin,
} from './support/test.ts';

test.describe.configure({ mode: 'parallel' });

// ── The stage, over the API ──────────────────────────────────────────────────────────────────────

interface DocumentAnswer {
  id: string;
  name: string;
  version: number;
  folder_id: string;
}

interface Row {
  id: string;
  version: number;
  created_by_username: string | null;
  record: Record<string, { value: unknown; comments: string; media: string[]; valid: boolean }>;
}

/** A question of a value type with its defaults, not required unless asked, changed as given. */
function question(title: string, valueType: ValueType, changes: Partial<Question> & { widget?: Widget } = {}): Question {
  return { ...withValueType({ ...newQuestion(), title }, valueType), required: false, ...changes };
}

/** Creates a checklist in `folderId` and publishes `questions` (in this order) as its next version. */
async function publishChecklist(token: string, name: string, questions: Record<string, Question>, folderId = 'root'): Promise<DocumentAnswer> {
  const created = await callApi<DocumentAnswer>('documentation/documents', {
    token,
    json: { folder_id: folderId, name, doctype: 'form', description: `How to fill in ${name}`, contents: { questions: {}, question_index: [] } },
  });
  return callApi<DocumentAnswer>(`documentation/documents/${created.id}`, {
    token,
    method: 'PUT',
    json: { version: created.version, contents: { questions, question_index: Object.keys(questions) }, changelog: 'The questions' },
  });
}

const rowsOf = async (token: string, documentId: string) =>
  (await callApi<{ results: Row[]; total: number }>(`documentation/documents/${documentId}/data`, { token })).results;

const filler = (page: Page) => page.locator('rb-checklist');
const questionNamed = (page: Page, title: string): Locator => filler(page).getByRole('group', { name: title, exact: true });
const submitButton = (page: Page) => filler(page).getByRole('button', { name: /^(Submit|Submitting\.\.\.)$/ });
const queueStatus = (page: Page) => filler(page).locator('.queue-status');

async function openChecklist(page: Page, admin: OrgAdmin, doc: DocumentAnswer, query = ''): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto(`/documentation/view/${doc.id}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: `View ${doc.name}` })).toBeVisible();
  await expect(submitButton(page)).toBeVisible();
}

/** A real 1×1 PNG (the filler redraws it as a JPEG at quality 0.8). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A PNG of `width` × `height` pixels in one colour (8-bit RGB), e.g. wider than a phone. */
function plainPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x1d, 0x4e, 0xd8]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads `file` as a file of the document through the signed upload (sign-content-upload, then the POST); answers its upload id. */
async function uploadToDocument(token: string, documentId: string, file: Buffer, filename: string, type: string): Promise<string> {
  const [signed] = await callApi<{ upload_id: string; url: string; fields: Record<string, string> }[]>(`documentation/documents/${documentId}/sign-content-upload`, {
    token,
    json: [{ filename, file_size: file.length, content_type: type }],
  });
  const form = new FormData();
  for (const [field, value] of Object.entries(signed!.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  const uploaded = await fetch(`${baseUrl()}${new URL(signed!.url).pathname}`, { method: 'POST', body: form });
  expect(uploaded.status).toBe(204);
  return signed!.upload_id;
}

// ── Every value type and widget ──────────────────────────────────────────────────────────────────

const everyType: Record<string, Question> = {
  tf: question('Door closed', 'true/false', { required: true }),
  pf: question('Alarm test', 'pass/fail', { required: true }),
  colour: question('Colour', 'single choice', { choices: ['Red', 'Green'], required: true }),
  size: question('Size', 'single choice', { choices: ['Small', 'Large'], widget: 'dropdown' }),
  parts: question('Parts checked', 'multiple choice', { choices: ['Belt', 'Chain', 'Gear'] }),
  shifts: question('Shifts', 'multiple choice', { choices: ['Early', 'Late'], widget: 'radio buttons' }),
  count: question('Pallets', 'number', { required: true }),
  weight: question('Weight', 'decimal'),
  label: question('Label number', 'number', { widget: 'qr code' }),
  when: question('Inspected at', 'datetime'),
  notes: question('Notes', 'text', { allowComments: true }),
  site: question('Website', 'url'),
  contact: question('Contact', 'email'),
  took: question('Duration', 'duration', { widget: 'qr code' }),
};

test.describe('filling in a checklist', () => {
  test('every value type and widget: filled, submitted, the folder page, and the row holds the answers', async ({ page, orgAdmin }) => {
    const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Audits', description: '' } });
    const doc = await publishChecklist(orgAdmin.token, 'Every type', everyType, folder.id);
    await openChecklist(page, orgAdmin, doc);
    await expect(submitButton(page)).toBeDisabled();

    await questionNamed(page, 'Door closed').getByRole('radio', { name: 'True' }).check();
    await questionNamed(page, 'Alarm test').getByRole('radio', { name: 'Pass' }).check();
    await questionNamed(page, 'Colour').getByRole('radio', { name: 'Green' }).check();
    await questionNamed(page, 'Size').getByRole('combobox').selectOption('Large');
    await questionNamed(page, 'Parts checked').getByRole('checkbox', { name: 'Belt' }).check();
    await questionNamed(page, 'Parts checked').getByRole('checkbox', { name: 'Gear' }).check();
    await questionNamed(page, 'Shifts').getByRole('button', { name: 'Late' }).click();
    await expect(questionNamed(page, 'Shifts').getByRole('button', { name: 'Late' })).toHaveAttribute('aria-pressed', 'true');
    await questionNamed(page, 'Pallets').getByRole('spinbutton').fill('42');
    await questionNamed(page, 'Weight').getByRole('spinbutton').fill('3.25');
    // The QR-code widget: the typed text is the fallback of the camera.
    await expect(questionNamed(page, 'Label number').getByRole('button', { name: 'Scan QR code' })).toBeVisible();
    await questionNamed(page, 'Label number').getByRole('textbox').fill('7');
    await questionNamed(page, 'Inspected at').locator('input[type="datetime-local"]').fill('2024-05-06T07:08');
    await questionNamed(page, 'Notes').getByRole('textbox', { name: 'Notes' }).fill('All fine');
    await questionNamed(page, 'Notes').getByRole('textbox', { name: 'Comments' }).fill('Checked twice');
    await questionNamed(page, 'Website').getByRole('textbox').fill('example.com/path');
    await questionNamed(page, 'Contact').getByRole('textbox').fill('anna@example.com');
    await questionNamed(page, 'Duration').getByRole('textbox').fill('1h 30m');

    await expect(submitButton(page)).toBeEnabled();
    await expectAccessible(page);
    const inspectedAt = await page.evaluate(() => new Date('2024-05-06T07:08').toISOString());

    await submitButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/documentation/browse/${folder.id}$`));
    await expect(page.locator('#alerts').getByRole('status').filter({ hasText: 'Answers Successfully Submitted.' })).toBeVisible();

    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    const record = rows[0]!.record;
    const values = Object.fromEntries(Object.entries(record).map(([id, answer]) => [id, answer.value]));
    expect(values).toEqual({
      tf: true,
      pf: 'pass',
      colour: 'Green',
      size: 'Large',
      parts: ['Belt', 'Gear'],
      shifts: ['Late'],
      count: 42,
      weight: 3.25,
      label: 7,
      when: inspectedAt,
      notes: 'All fine',
      site: 'example.com/path',
      contact: 'anna@example.com',
      took: '1h 30m',
    });
    expect(record.notes!.comments).toBe('Checked twice');
    expect(rows[0]!.version).toBe(doc.version);

    // The local draft went with the submission.
    const drafts = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rb-checklist:draft')));
    expect(drafts).toEqual([]);
  });

  test("Submit waits for the required answers; 'Invalid Email' and 'Invalid URL'", async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Rules', {
      ok: question('All good', 'true/false', { required: true }),
      mail: question('Reply to', 'email'),
      link: question('Reference', 'url'),
    });
    await usePhoneViewport(page);
    await openChecklist(page, orgAdmin, doc);
    // Default answer 'not checked': nothing is ticked.
    await expect(questionNamed(page, 'All good').getByRole('radio', { name: 'True' })).not.toBeChecked();
    await expect(questionNamed(page, 'All good').getByRole('radio', { name: 'False' })).not.toBeChecked();
    await expect(submitButton(page)).toBeDisabled();
    await questionNamed(page, 'All good').getByRole('radio', { name: 'False' }).check();
    await expect(submitButton(page)).toBeEnabled();

    await questionNamed(page, 'Reply to').getByRole('textbox').fill('not-an-address');
    await expect(questionNamed(page, 'Reply to').getByText('Invalid Email', { exact: true })).toBeVisible();
    await expect(submitButton(page)).toBeDisabled();
    await questionNamed(page, 'Reference').getByRole('textbox').fill('no spaces allowed');
    await expect(questionNamed(page, 'Reference').getByText('Invalid URL', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await questionNamed(page, 'Reply to').getByRole('textbox').fill('a@b.co');
    await questionNamed(page, 'Reference').getByRole('textbox').fill('https://example.com');
    await expect(filler(page).getByText(/^Invalid (Email|URL)$/)).toHaveCount(0);
    await expect(submitButton(page)).toBeEnabled();
  });

  test('with the required answers given, an invalid optional e-mail is what the Submit message names', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Messages', {
      ok: question('All good', 'true/false', { required: true }),
      mail: question('Reply to', 'email'),
    });
    await usePhoneViewport(page);
    await openChecklist(page, orgAdmin, doc);
    const lines = filler(page).locator('#submit-hint p');
    await expect(lines).toHaveText(['Answer every required question to submit.']);
    await expect(submitButton(page)).toHaveAccessibleDescription('Answer every required question to submit.');

    // Both at once: the missing answer, and the invalid one named.
    await questionNamed(page, 'Reply to').getByRole('textbox').fill('not-an-address');
    await expect(lines).toHaveText(['Answer every required question to submit.', "'Reply to': Invalid Email"]);

    await questionNamed(page, 'All good').getByRole('radio', { name: 'True' }).check();
    await expect(submitButton(page)).toBeDisabled();
    await expect(lines).toHaveText(["'Reply to': Invalid Email"]);
    await expect(submitButton(page)).toHaveAccessibleDescription("'Reply to': Invalid Email");
    await expectAccessible(page);

    await questionNamed(page, 'Reply to').getByRole('textbox').fill('a@b.co');
    await expect(submitButton(page)).toBeEnabled();
    await expect(lines).toHaveCount(0);
  });

  test("a question's picture is shown with it, fitted to the width, at desktop and phone width", async ({ page, orgAdmin }) => {
    const exit = question('Fire exit clear', 'true/false', { required: true });
    const doc = await publishChecklist(orgAdmin.token, 'Pictures', { exit });
    // A picture wider than any screen, added to the question as the editor does (media = an upload of the document).
    const picture = await uploadToDocument(orgAdmin.token, doc.id, plainPng(1600, 400), 'exit.png', 'image/png');
    const withPicture = await callApi<DocumentAnswer>(`documentation/documents/${doc.id}`, {
      token: orgAdmin.token,
      method: 'PUT',
      json: {
        version: doc.version,
        contents: { questions: { exit: { ...exit, media: picture, content_type: 'image/png', filename: 'exit.png' } }, question_index: ['exit'] },
        changelog: 'A picture of the exit',
      },
    });
    await openChecklist(page, orgAdmin, withPicture);
    const image = questionNamed(page, 'Fire exit clear').getByRole('img', { name: 'Picture of Fire exit clear', exact: true });
    for (const viewport of [{ width: 1280, height: 720 }, phoneViewport]) {
      await page.setViewportSize(viewport);
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
      const shown = (await image.boundingBox())!;
      const card = (await questionNamed(page, 'Fire exit clear').boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(card.x);
      expect(shown.x + shown.width).toBeLessThanOrEqual(card.x + card.width);
      expect(shown.width / shown.height).toBeCloseTo(4, 1); // scaled, not squeezed
      await expectNoHorizontalScroll(page);
    }
    await expectAccessible(page);
  });

  test('answers autosave and come back after a reload; Reset Questions clears them', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Draft', {
      ok: question('Lights on', 'true/false', { required: true }),
      note: question('Remarks', 'text', { allowComments: true }),
    });
    await openChecklist(page, orgAdmin, doc);
    await questionNamed(page, 'Lights on').getByRole('radio', { name: 'True' }).check();
    await questionNamed(page, 'Remarks').getByRole('textbox', { name: 'Remarks' }).fill('Bulb flickers');
    await questionNamed(page, 'Remarks').getByRole('textbox', { name: 'Comments' }).fill('Ask facilities');

    await page.reload();
    await expect(questionNamed(page, 'Lights on').getByRole('radio', { name: 'True' })).toBeChecked();
    await expect(questionNamed(page, 'Remarks').getByRole('textbox', { name: 'Remarks' })).toHaveValue('Bulb flickers');
    await expect(questionNamed(page, 'Remarks').getByRole('textbox', { name: 'Comments' })).toHaveValue('Ask facilities');
    // Kept per user, organisation and document.
    const me = await callApi<{ id: string; org: { id: string } }>('auth/me', { token: orgAdmin.token });
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rb-checklist:draft')));
    expect(keys).toEqual([`rb-checklist:draft:${me.org.id}:${me.id}:${doc.id}`]);

    await page.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'Reset Questions' }).click();
    await expect(page.locator('#alerts').getByRole('status').filter({ hasText: 'Questions have been reset' })).toBeVisible();
    await expect(questionNamed(page, 'Lights on').getByRole('radio', { name: 'True' })).not.toBeChecked();
    await expect(questionNamed(page, 'Remarks').getByRole('textbox', { name: 'Remarks' })).toHaveValue('');
    await expect(submitButton(page)).toBeDisabled();

    await page.reload();
    await expect(questionNamed(page, 'Lights on').getByRole('radio', { name: 'True' })).not.toBeChecked();
    await expect(questionNamed(page, 'Remarks').getByRole('textbox', { name: 'Comments' })).toHaveValue('');
  });

  test('a photo-verification question sends its photo through the signed upload', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Photo', {
      seal: question('Seal intact', 'true/false', { required: true, photoVerification: true }),
    });
    await openChecklist(page, orgAdmin, doc);
    await questionNamed(page, 'Seal intact').getByRole('radio', { name: 'True' }).check();
    await expect(submitButton(page)).toBeDisabled(); // the photo is missing
    const input = questionNamed(page, 'Seal intact').locator('input[type="file"]');
    await expect(input).toHaveAttribute('capture', 'environment');
    await input.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG });
    await expect(questionNamed(page, 'Seal intact').getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
    await expectAccessible(page);

    await submitButton(page).click();
    await expect(page).toHaveURL(/\/documentation\/browse/);
    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    const media = rows[0]!.record.seal!.media;
    expect(media).toHaveLength(1);
    expect(media[0]).toMatch(UUID);
    // The stored file is the compressed JPEG.
    const file = await fetch(`${new URL(page.url()).origin}/api/v1/documentation/documents/${doc.id}/media/${media[0]}`, {
      headers: { authorization: `Bearer ${orgAdmin.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });

  test("a session ended elsewhere: Submit signs out with 'Could not validate credentials', and the answers are sent after signing in again", async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Night round', {
      lights: question('Lights off', 'true/false', { required: true, photoVerification: true }),
    });
    await openChecklist(page, orgAdmin, doc);
    await questionNamed(page, 'Lights off').getByRole('radio', { name: 'False' }).check();
    await questionNamed(page, 'Lights off').locator('input[type="file"]').setInputFiles({ name: 'lights.png', mimeType: 'image/png', buffer: PNG });
    await expect(submitButton(page)).toBeEnabled();

    await endOwnSession(orgAdmin.token); // e.g. ended from another device
    await submitButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/documentation/view/${doc.id}`)}$`));
    await expect(page.getByRole('alert').filter({ hasText: 'Could not validate credentials' })).toBeVisible();
    expect(await rowsOf(await signInOverApi(orgAdmin.username, orgAdmin.password), doc.id)).toHaveLength(0);

    // Signed in again, back on the checklist: the answers (kept on this device for this user) are sent once.
    const again = await signInOverApi(orgAdmin.username, orgAdmin.password);
    await openChecklist(page, { ...orgAdmin, token: again }, doc);
    await expect(queueStatus(page)).toHaveText(/^Sent at /);
    const rows = await rowsOf(again, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.record.lights!.value).toBe(false);
    expect(rows[0]!.record.lights!.media).toHaveLength(1);
    await page.reload();
    await expect(submitButton(page)).toBeVisible();
    await expect(queueStatus(page)).toHaveText(/^Sent at /);
    expect(await rowsOf(again, doc.id)).toHaveLength(1);
  });
});

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

// ── Kiosk stations and offline ───────────────────────────────────────────────────────────────────

test.describe('kiosk station offline', () => {
  test('three submissions made offline wait, then arrive exactly once when the network returns', async ({ page, context, orgAdmin }) => {
    test.setTimeout(60_000);
    const doc = await publishChecklist(orgAdmin.token, 'Gate check', { gate: question('Gate locked', 'true/false', { required: true }) });
    await page.setViewportSize({ width: 800, height: 1280 }); // a tablet in portrait
    await openChecklist(page, orgAdmin, doc, '?kiosk=1');
    await expect(filler(page)).toHaveAttribute('kiosk', '');

    await context.setOffline(true);
    for (const answer of ['True', 'False', 'True']) {
      await questionNamed(page, 'Gate locked').getByRole('radio', { name: answer }).check();
      await submitButton(page).click();
      await expect(filler(page).getByText('Saved on this device: the answers will be sent when the network returns.')).toBeVisible();
      // Ready for the next person: the page stayed and the answer is cleared.
      await expect(questionNamed(page, 'Gate locked').getByRole('radio', { name: answer })).not.toBeChecked();
    }
    await expect(queueStatus(page)).toHaveText('3 submissions waiting to be sent');
    await expect(queueStatus(page)).toHaveAttribute('role', 'status');
    expect(page.url()).toContain(`/documentation/view/${doc.id}`);
    expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(0);
    await expectAccessible(page);

    await context.setOffline(false);
    await expect.poll(async () => (await rowsOf(orgAdmin.token, doc.id)).length, { timeout: 20_000 }).toBe(3);
    await expect(queueStatus(page)).toHaveText(/^Sent at \d{1,2}:\d{2}/);

    // Exactly once: more retries (another online event, a reload) send nothing again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.reload();
    await expect(submitButton(page)).toBeVisible();
    await page.waitForTimeout(1000);
    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.record.gate!.value).sort()).toEqual([false, true, true]);
    const waiting = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('rb-checklist');
          open.onsuccess = () => {
            const request = open.result.transaction('submissions').objectStore('submissions').count();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(waiting).toBe(0);
  });

  test('kiosk: after an online submission the form is ready for the next person, in landscape too', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Visitor', {
      signed: question('Signed in', 'true/false', { required: true }),
      host: question('Host', 'single choice', { choices: ['Reception', 'Workshop', 'Office'], required: true }),
    });
    await page.setViewportSize({ width: 1280, height: 800 }); // a tablet in landscape
    await openChecklist(page, orgAdmin, doc, '?kiosk=1');
    await questionNamed(page, 'Signed in').getByRole('radio', { name: 'True' }).check();
    await questionNamed(page, 'Host').getByRole('radio', { name: 'Workshop' }).check();
    await submitButton(page).click();
    await expect(filler(page).getByText('Answers Successfully Submitted.')).toBeVisible();
    expect(page.url()).toContain(`/documentation/view/${doc.id}?kiosk=1`);
    await expect(questionNamed(page, 'Signed in').getByRole('radio', { name: 'True' })).not.toBeChecked();
    await expect(submitButton(page)).toBeDisabled();
    expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(1);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

// ── The standalone element ───────────────────────────────────────────────────────────────────────

test.describe('rb-checklist on its plain-HTML demo page', () => {
  test('loads a checklist from the API with a token and submits it', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Demo checklist', {
      ok: question('Tyres inflated', 'true/false', { required: true }),
      km: question('Odometer', 'number'),
    });
    const response = await page.goto('/elements/rb-checklist/demo.html');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('API base').fill('/api/v1');
    await page.getByLabel('Token').fill(orgAdmin.token);
    await page.getByLabel('Checklist id').fill(doc.id);
    await page.getByRole('button', { name: 'Load checklist' }).click();

    await expect(filler(page).getByRole('heading', { name: 'Demo checklist' })).toBeVisible();
    await questionNamed(page, 'Tyres inflated').getByRole('radio', { name: 'True' }).check();
    await questionNamed(page, 'Odometer').getByRole('spinbutton').fill('12345');
    await expectAccessible(page);
    await submitButton(page).click();
    await expect(filler(page).getByText('Answers Successfully Submitted.')).toBeVisible();
    await expect(page.locator('#event')).toContainText('rb-submitted');
    await expect(page.locator('#event')).toContainText('"status": "sent"');

    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.record.km!.value).toBe(12345);
  });

  test('a token the API refuses: the answers wait on this device, rb-unauthorized, and go once a valid token comes', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Standalone', { ok: question('Fine', 'true/false', { required: true }) });
    const soonEnded = await signInOverApi(orgAdmin.username, orgAdmin.password);
    await page.goto('/elements/rb-checklist/demo.html');
    await page.getByLabel('Token').fill(soonEnded);
    await page.getByLabel('Checklist id').fill(doc.id);
    await page.getByRole('button', { name: 'Load checklist' }).click();
    await questionNamed(page, 'Fine').getByRole('radio', { name: 'True' }).check();

    await endOwnSession(soonEnded);
    await submitButton(page).click();
    await expect(filler(page).getByText('Saved on this device: the answers will be sent after you sign in again.')).toBeVisible();
    await expect(page.locator('#event')).toContainText('rb-unauthorized');
    await expect(page.locator('#event')).toContainText('Could not validate credentials');
    await expect(queueStatus(page)).toHaveText('1 submission waiting to be sent');
    await expect(page).toHaveURL(/\/elements\/rb-checklist\/demo\.html$/); // no app here: nothing signs out
    expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(0);

    await page.getByLabel('Token').fill(orgAdmin.token);
    await page.getByRole('button', { name: 'Load checklist' }).click();
    await expect(queueStatus(page)).toHaveText(/^Sent at /);
    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.record.ok!.value).toBe(true);
  });

  test('a refused submission shows the failure text', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Refused', { ok: question('Fine', 'true/false', { required: true }) });
    await page.goto('/elements/rb-checklist/demo.html');
    await page.getByLabel('Token').fill(orgAdmin.token);
    await page.getByLabel('Checklist id').fill(doc.id);
    await page.getByRole('button', { name: 'Load checklist' }).click();
    await questionNamed(page, 'Fine').getByRole('radio', { name: 'True' }).check();
    // The checklist changes under the filler: the server refuses the old question.
    await callApi(`documentation/documents/${doc.id}`, {
      token: orgAdmin.token,
      method: 'PUT',
      json: { version: doc.version, contents: { questions: { other: question('Other', 'text') }, question_index: ['other'] }, changelog: 'Replaced' },
    });
    await submitButton(page).click();
    await expect(filler(page).getByRole('alert')).toHaveText('Something went wrong with your submission.');
    await expect(page.locator('#event')).toContainText('rb-submit-failed');
    await expect(questionNamed(page, 'Fine').getByRole('radio', { name: 'True' })).toBeChecked(); // nothing lost
  });
});

// ── Weight ───────────────────────────────────────────────────────────────────────────────────────

test.describe('the view route for a checklist', () => {
  test('first load (HTML, CSS, JS, the filler included) stays within 60 KB gzip', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Weighed', { ok: question('Fine', 'true/false', { required: true }) });
    await signInWithToken(page, orgAdmin.token);
    const loaded: { url: string; type: string; gzip: number }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      const body = await response.body().catch(() => undefined);
      if (body) loaded.push({ url: new URL(response.url()).pathname, type, gzip: gzipSync(body).length });
    });
    await page.goto(`/documentation/view/${doc.id}`);
    await expect(submitButton(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
    const byType = (type: string) => loaded.filter((r) => r.type === type).reduce((sum, r) => sum + r.gzip, 0);
    const lines = loaded.map((r) => `${(r.gzip / 1000).toFixed(1)} KB ${r.type} ${r.url}`).join('\n');
    const summary = `view route with a checklist: ${(total / 1000).toFixed(1)} KB gzip (html ${(byType('document') / 1000).toFixed(1)}, css ${(byType('stylesheet') / 1000).toFixed(1)}, js ${(byType('script') / 1000).toFixed(1)})`;
    test.info().annotations.push({ type: 'weight', description: `${summary}\n${lines}` });
    console.log(`${summary}\n${lines}`);
    expect(loaded.some((r) => r.url.includes('react'))).toBe(false);
    expect(total).toBeLessThanOrEqual(60_000);
  });
});
