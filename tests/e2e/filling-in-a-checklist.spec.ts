/**
 * Filling in a checklist with the filler, `rb-checklist` (documentation §4 "Form fill", §5; issue #4 "The
 * filler"): a checklist with every value type and widget is built and published over the API, filled in
 * on its document page and submitted; the row is then read back over the API. Also: Submit's rules,
 * 'Invalid Email' / 'Invalid URL', a question's picture, the autosaved draft and Reset Questions, a photo
 * through the signed upload, and a session ended elsewhere.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Question } from '../../src/shared/checklists/question.ts';
import { baseUrl } from './support/environment.ts';
import { endOwnSession } from './support/journeys.ts';
import { filler, openChecklist, publishChecklist, question, questionNamed, queueStatus, rowsOf, submitButton, type DocumentAnswer } from './support/checklist-filler.ts';
import {
  callApi,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  phoneViewport,
  signInOverApi,
  test,
  usePhoneViewport,
} from './support/test.ts';

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

/** The checklist saved again with `questions` in this order (media set as the editor sets them): its new version. */
function saveQuestions(token: string, doc: DocumentAnswer, questions: Record<string, Question>, changelog: string): Promise<DocumentAnswer> {
  return callApi<DocumentAnswer>(`documentation/documents/${doc.id}`, {
    token,
    method: 'PUT',
    json: { version: doc.version, contents: { questions, question_index: Object.keys(questions) }, changelog },
  });
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
    // Nothing is said before the person tried to submit (issue #43); then every problem is named.
    await expect(lines).toHaveCount(0);
    await submitButton(page).click({ force: true });
    await expect(lines).toHaveText(['Answer every required question to submit.', "'All good': An answer is required"]);
    await expect(submitButton(page)).toHaveAccessibleDescription("Answer every required question to submit. 'All good': An answer is required");

    // Both at once: the missing answer, and the invalid one named.
    await questionNamed(page, 'Reply to').getByRole('textbox').fill('not-an-address');
    await expect(lines).toHaveText(['Answer every required question to submit.', "'All good': An answer is required", "'Reply to': Invalid Email"]);

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
    const withPicture = await saveQuestions(orgAdmin.token, doc, { exit: { ...exit, media: picture, content_type: 'image/png', filename: 'exit.png' } }, 'A picture of the exit');
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

  test("a question's file that is not a picture is a link; one the server gives no address for reads 'Picture not available'", async ({ page, orgAdmin }) => {
    const manual = question('Manual read', 'true/false');
    const exit = question('Fire exit clear', 'true/false');
    const doc = await publishChecklist(orgAdmin.token, 'Files', { manual, exit });
    const pdf = await uploadToDocument(orgAdmin.token, doc.id, Buffer.from('%PDF-1.4\n%%EOF\n'), 'manual.pdf', 'application/pdf');
    // An upload of another document: media-urls answers only for this document's own files.
    const other = await publishChecklist(orgAdmin.token, 'Elsewhere', { exit });
    const foreign = await uploadToDocument(orgAdmin.token, other.id, plainPng(20, 20), 'exit.png', 'image/png');
    const withFiles = await saveQuestions(
      orgAdmin.token,
      doc,
      {
        manual: { ...manual, media: pdf, content_type: 'application/pdf', filename: 'manual.pdf' },
        exit: { ...exit, media: foreign, content_type: 'image/png', filename: 'exit.png' },
      },
      'Files',
    );
    await openChecklist(page, orgAdmin, withFiles);
    const link = questionNamed(page, 'Manual read').getByRole('link', { name: 'manual.pdf', exact: true });
    await expect(link).toHaveAttribute('href', new RegExp(`/api/v1/media/${doc.id}/${pdf}\\?expires=`));
    await expect(questionNamed(page, 'Fire exit clear')).toContainText('Picture not available');
    await expect(questionNamed(page, 'Fire exit clear').getByRole('img')).toHaveCount(0);
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
