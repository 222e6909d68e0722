/**
 * Kiosk stations and offline (documentation §5; issue #4 "Kiosk stations and offline"): submissions made
 * offline on a kiosk wait on the device and are sent exactly once when the network returns, and after an
 * online submission the form is ready for the next person. Rows are read back over the API.
 */
import { filler, openChecklist, publishChecklist, question, questionNamed, queueStatus, rowsOf, submitButton } from './support/checklist-filler.ts';
import { expect, expectAccessible, test } from './support/test.ts';

test.describe('kiosk station offline', () => {
  // The suite blocks service workers (playwright.config.ts); a kiosk works offline through its worker.
  test.use({ serviceWorkers: 'allow' });

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
