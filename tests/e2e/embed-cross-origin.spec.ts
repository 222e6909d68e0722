/**
 * Embedding in any CMS page (issue #29): a plain HTML page of another site — a second origin, served here
 * by a tiny HTTP server on the next port, listed in the app's EMBED_ORIGINS (playwright.config.ts) — with
 * ONE script tag for /elements/ringbinder.js, an `<rb-qr-code>` and an `<rb-checklist share-token>`. The
 * code is drawn; the checklist loads from the app's API (the script's origin, no api-base given), is
 * filled in and submitted, and the row shows as `share: {name}` in the checklist's data. The page's own
 * CSS, as rude as CSS gets, does not reach the elements' text or buttons, and theirs does not leak out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishChecklist, question, rowsOf } from './support/checklist-filler.ts';
import { embedHostUrl } from './support/environment.ts';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, test, type OrgAdmin } from './support/test.ts';

// One host server for the file, on a fixed port (the app's EMBED_ORIGINS names it): one worker runs the file.
test.describe.configure({ mode: 'default' });

const QR_VALUE = 'https://ringbinder.example/documentation/view/0190e1a0-0000-7000-8000-0000000000aa';

/** The other site's page: the one-line snippet, and CSS that would break anything that inherits it. */
function hostPage(token: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Intranet: safety news</title>
    <link rel="icon" href="data:," />
    <style>
      * { font-size: 40px !important; color: red !important; letter-spacing: 3px !important; line-height: 3 !important; font-family: serif !important; }
      button { display: none !important; }
      html { font-size: 10px !important; }
    </style>
    <script type="module" src="${baseUrl()}/elements/ringbinder.js"></script>
  </head>
  <body>
    <main>
      <h1>Safety news</h1>
      <button type="button" id="host-button">A button of the host page</button>
      <p>Scan the code to report:</p>
      <rb-qr-code value="${QR_VALUE}"></rb-qr-code>
      <rb-checklist share-token="${token}"></rb-checklist>
    </main>
  </body>
</html>`;
}

let host: Server;
const tokens = new Map<string, string>();

test.beforeAll(async () => {
  const { port } = new URL(embedHostUrl());
  host = createServer((request, response) => {
    const token = tokens.get(new URL(request.url ?? '/', embedHostUrl()).pathname);
    if (!token) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(token));
  });
  await new Promise<void>((resolve, reject) => {
    host.once('error', reject);
    host.listen(Number(port), '127.0.0.1', resolve);
  });
  expect((host.address() as AddressInfo).port).toBe(Number(port));
});

test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

interface ShareLink {
  token: string;
}

async function hostPageFor(admin: OrgAdmin, name: string): Promise<{ path: string; doc: { id: string; name: string } }> {
  const doc = await publishChecklist(admin.token, `Ladder check ${name}`, {
    rungs: question('Rungs sound', 'true/false', { required: true }),
    note: question('Anything else', 'text'),
  });
  const link = await callApi<ShareLink>(`documentation/documents/${doc.id}/share-links`, { token: admin.token, json: { name } });
  const path = `/news/${doc.id}`;
  tokens.set(path, link.token);
  return { path, doc };
}

test('a page of another origin embeds the QR code and a share link’s checklist with one script tag, and submits', async ({ browser, orgAdmin }) => {
  const { path, doc } = await hostPageFor(orgAdmin, 'Intranet');
  const page = await (await browser.newContext()).newPage();
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) calls.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(`${embedHostUrl()}${path}`);

  // The QR code: drawn, one image named by its address.
  const code = page.locator('rb-qr-code').getByRole('img', { name: `QR code for ${QR_VALUE}` });
  await expect(code).toBeVisible();
  expect(await code.locator('svg rect, svg path').count()).toBeGreaterThan(20);

  // The checklist, from the API of the script's origin.
  const checklist = page.locator('rb-checklist');
  const rungs = checklist.getByRole('group', { name: 'Rungs sound', exact: true });
  await expect(rungs).toBeVisible();
  await rungs.getByRole('radio', { name: 'True' }).check();
  await checklist.getByRole('group', { name: 'Anything else', exact: true }).getByRole('textbox').fill('Bottom rung loose');
  const submit = checklist.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeVisible();
  await submit.click();
  await expect(checklist.getByText('Answers Successfully Submitted.')).toBeVisible();
  await expect(checklist.getByRole('button', { name: 'Fill In Again' })).toBeVisible();

  const rows = await rowsOf(orgAdmin.token, doc.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.created_by_username).toBe('share: Intranet');
  expect(rows[0]!.record['note']?.value).toBe('Bottom rung loose');
  // Every call went to the app (the script's origin), none to the page's own.
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) expect(call).toContain(` ${baseUrl()}/api/v1/`);
});

test("the host page's CSS does not reach the elements' text and buttons, and theirs does not leak out", async ({ browser, orgAdmin }) => {
  const { path } = await hostPageFor(orgAdmin, 'Styled intranet');
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${embedHostUrl()}${path}`);
  const checklist = page.locator('rb-checklist');
  const title = checklist.getByRole('group', { name: 'Rungs sound', exact: true }).locator('legend');
  await expect(title).toBeVisible();
  await expect(checklist.getByRole('button', { name: 'Submit' })).toBeVisible();

  const style = (locator: typeof title) =>
    locator.evaluate((element) => {
      const s = getComputedStyle(element);
      return { fontSize: s.fontSize, color: s.color, letterSpacing: s.letterSpacing, fontFamily: s.fontFamily, lineHeight: s.lineHeight };
    });
  const inside = await style(title);
  expect(inside.fontSize).toBe('16px');
  expect(inside.color).not.toBe('rgb(255, 0, 0)');
  expect(inside.letterSpacing).toBe('normal');
  expect(inside.fontFamily).not.toBe('serif');
  expect(inside.lineHeight).toBe('24px');
  // The QR code's box is the code's own size: the page's line-height adds no gap beneath it.
  const qr = page.locator('rb-qr-code');
  await expect(qr.getByRole('img', { name: `QR code for ${QR_VALUE}` })).toBeVisible();
  const [hostBox, svgBox] = await Promise.all([qr.boundingBox(), qr.locator('svg').boundingBox()]);
  expect(Math.abs(hostBox!.height - svgBox!.height)).toBeLessThan(1);

  // The elements' styles stay in their shadow roots: the page's own heading and button are as it said.
  await expect(page.locator('#host-button')).toBeHidden();
  expect(await style(page.getByRole('heading', { name: 'Safety news' }))).toMatchObject({ fontSize: '40px', color: 'rgb(255, 0, 0)' });
});
