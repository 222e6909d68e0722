/**
 * Issue #43 item 10: a CMS page on an origin the server does NOT list in EMBED_ORIGINS. The browser
 * refuses the API's answers (CORS) and the framing (frame-ancestors); the author is told, on the page and
 * in the console, which origin to add to EMBED_ORIGINS — by `<rb-checklist>` (script embed) and by the
 * iframe snippet's sizing script (the frame itself shows only the browser's broken-page picture).
 * The page is served on the port after the listed host's (an origin nobody listed).
 */
import { createServer, type Server } from 'node:http';
import { publishChecklist, question } from './support/checklist-filler.ts';
import { baseUrl, embedHostUrl } from './support/environment.ts';
import { callApi, desktopViewport, expect, phoneViewport, test } from './support/test.ts';

test.describe.configure({ mode: 'default' });

/** An origin the server does not list: the listed host's port + 1. */
const unlisted = (): string => {
  const listed = new URL(embedHostUrl());
  return `http://127.0.0.1:${Number(listed.port) + 1}`;
};

function hostPage(token: string, name: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Intranet on an unlisted origin</title>
    <link rel="icon" href="data:," />
    <script type="module" src="${baseUrl()}/elements/ringbinder.js"></script>
  </head>
  <body>
    <main>
      <h1>Safety news</h1>
      <rb-checklist share-token="${token}"></rb-checklist>
      <iframe src="${baseUrl()}/embed/fill/${token}" title="${name}" style="width:100%;border:0" height="600"></iframe><script src="${baseUrl()}/elements/embed-frame.js" async></script>
    </main>
  </body>
</html>`;
}

let host: Server;
let page = '';

test.beforeAll(async () => {
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve, reject) => {
    host.once('error', reject);
    host.listen(Number(new URL(unlisted()).port), '127.0.0.1', resolve);
  });
});

test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

for (const viewport of [desktopViewport, phoneViewport]) {
  test(`an unlisted origin is told which origin to add to EMBED_ORIGINS, by the element and by the frame's script (${viewport.width}px)`, async ({
    browser,
    orgAdmin,
    expectPageProblem,
  }) => {
    // The browser's own refusals, and ours in the console (what the author reads there).
    expectPageProblem(/CORS policy|Failed to load resource|frame-ancestors|EMBED_ORIGINS/);
    const doc = await publishChecklist(orgAdmin.token, 'Ladder check', { rungs: question('Rungs sound', 'true/false') });
    const link = await callApi<{ token: string }>(`documentation/documents/${doc.id}/share-links`, { token: orgAdmin.token, json: { name: 'Intranet' } });
    page = hostPage(link.token, doc.name);
    const tab = await (await browser.newContext({ viewport })).newPage();
    const console: string[] = [];
    tab.on('console', (message) => console.push(message.text()));
    await tab.goto(`${unlisted()}/news`);

    const origin = unlisted();
    const refusal = tab.locator('rb-checklist').getByRole('alert');
    await expect(refusal).toContainText(`add ${origin} to EMBED_ORIGINS`);
    await expect(refusal).toContainText(baseUrl());
    await expect(refusal).toBeInViewport({ ratio: 0.5 });

    // The frame: hidden, and a readable message in its place.
    const frameNote = tab.locator('p.ringbinder-frame-refused');
    await expect(frameNote).toHaveRole('alert');
    await expect(frameNote).toContainText(`add ${origin} to EMBED_ORIGINS`, { timeout: 10_000 });
    await expect(tab.locator('iframe')).toBeHidden();

    expect(console.some((line) => line.includes(`Add "${origin}" to EMBED_ORIGINS`))).toBe(true);
    expect(console.some((line) => line.includes(`add "${origin}" to EMBED_ORIGINS`))).toBe(true);
  });
}

test('a listed origin keeps its frame: the sizing script hears it and says nothing', async ({ browser, orgAdmin }) => {
  // The listed host's own server is embed-cross-origin.spec.ts's; a page of the app's own origin is listed too ('self').
  const doc = await publishChecklist(orgAdmin.token, 'Ladder check', { rungs: question('Rungs sound', 'true/false') });
  const link = await callApi<{ token: string }>(`documentation/documents/${doc.id}/share-links`, { token: orgAdmin.token, json: { name: 'Intranet' } });
  const tab = await (await browser.newContext()).newPage();
  // A page of the app's own origin ('self' may frame /embed/), with the snippet as a CMS would paste it.
  await tab.route(`${baseUrl()}/a-page-of-this-origin`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Own page</title><link rel="icon" href="data:,"></head><body><main><iframe src="${baseUrl()}/embed/fill/${link.token}" title="Ladder check" style="width:100%;border:0" height="600"></iframe><script src="${baseUrl()}/elements/embed-frame.js" async></script></main></body></html>`,
    }),
  );
  await tab.goto(`${baseUrl()}/a-page-of-this-origin`);
  const frame = tab.frameLocator('iframe[title="Ladder check"]');
  await expect(frame.getByRole('group', { name: 'Rungs sound' })).toBeVisible();
  await tab.waitForTimeout(3500);
  await expect(tab.locator('p.ringbinder-frame-refused')).toHaveCount(0);
  await expect(tab.locator('iframe[title="Ladder check"]')).toBeVisible();
});
