/**
 * The API inside `npm run dev`. The database stays open across reloads (kept on globalThis); the app is
 * rebuilt whenever this module is re-evaluated, so server code changes take effect on the next request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { mailerFor, mailQueueFor } from './server.ts';
import { sealStoredOtpSecrets } from './services/two-factor.ts';
import { WebhookSender } from './services/webhooks/sender.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
const state = globalThis as typeof globalThis & {
  __ringbinderDevDatabase?: Promise<DatabaseHandle>;
  /** Stops the mail sender of the module's previous evaluation (one sender across reloads). */
  __ringbinderDevMailStop?: () => Promise<void>;
  /** The same for the webhook sender. */
  __ringbinderDevWebhooksStop?: () => Promise<void>;
};
const config = { ...readConfig(), requestLog: true };
let listener: Promise<Listener> | undefined;

async function openOnce(): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  await database.migrate();
  await sealStoredOtpSecrets(database.db, config);
  return database;
}

/** @public read through Vite's ssrLoadModule (astro-integration.ts), which knip cannot follow */
export async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  listener ??= (async () => {
    state.__ringbinderDevDatabase ??= openOnce();
    const { db } = await state.__ringbinderDevDatabase;
    const now = () => new Date();
    const mail = mailQueueFor(config, db, mailerFor(config), now);
    await state.__ringbinderDevMailStop?.();
    state.__ringbinderDevMailStop = mail.keepDelivering(config.mailDeliveryIntervalMs);
    const webhooks = new WebhookSender({ db, config, now, mail });
    await state.__ringbinderDevWebhooksStop?.();
    state.__ringbinderDevWebhooksStop = webhooks.keepDelivering(config.webhookDeliveryIntervalMs);
    return getRequestListener(createApp({ config, db, mail, webhooks, now }).fetch) as Listener;
  })();
  await (await listener)(req, res);
}
