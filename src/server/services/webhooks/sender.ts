/**
 * The webhook sender (issue #34; docs/webhooks.md), ONE per server process, like the mail queue's: it
 * delivers what is due right after each commit that queued deliveries (it LISTENs on the `webhooks`
 * channel: PostgreSQL tells every process at commit, PGlite this one) and on a timer (retries, and what was
 * queued while the LISTEN connection was down).
 *
 * - Deliveries are claimed with FOR UPDATE SKIP LOCKED and held for CLAIM_MS (db/queries/webhooks.ts), so
 *   senders in several processes never send one twice.
 * - Fairly (docs/webhooks.md "Fairness"): at most WEBHOOK_MAX_IN_FLIGHT in flight, a quarter of them for
 *   one organisation, ENDPOINT_IN_FLIGHT for one endpoint; claimed round-robin by endpoint, oldest first;
 *   each endpoint's deliveries are sent and logged as a group of their own, so a slow one holds only its
 *   own slots, and the sender claims more whenever a slot frees or a commit wakes it. An endpoint backs
 *   off after a failure: its other deliveries wait with it (retry_at) instead of each being tried.
 * - Each is sent only for what the endpoint's registrant may read now, in its folder subtree
 *   (./registrant.ts); anything else is dropped unsent and unlogged.
 * - Signed as Standard Webhooks says (`standardwebhooks`: webhook-id, webhook-timestamp,
 *   webhook-signature over `{id}.{timestamp}.{body}` with the endpoint's secret, and with the secret before
 *   it too while a rotation's overlap lasts: two signatures, space separated), posted by THE safe
 *   request (./safe-request.ts: the SSRF rule, no redirects, 10 s). Every attempt is logged.
 * - A failure is tried again after WEBHOOK_RETRY_BASE_MS, doubling, for a day from when the delivery was
 *   queued (or re-sent); after that it is given up (failed). An endpoint whose attempts have all failed
 *   for a day is switched off, its pending deliveries given up, and its organisation's admins are mailed.
 */
import { BackgroundPasses } from '../../background-passes.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { uuidv7 } from '../../../shared/ids.ts';
import { unseal } from '../../auth/app-key.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { listen, type ChannelListener } from '../../db/listen.ts';
import { claimDueDeliveries, markEndpointFailing, WEBHOOK_CHANNEL, type ClaimedDelivery } from '../../db/queries/webhooks.ts';
import { memberships, organisations, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { Member } from '../../env.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import { webhookDisabledMessage } from '../../mail/messages.ts';
import { readableChain, registrantNow } from './registrant.ts';
import { endpointBackoff } from './backoff.ts';
import { SuccessLog } from './delivery-log.ts';
import { postWebhook, webhookAgents, WEBHOOK_TIMEOUT_MS, type WebhookAnswer } from './safe-request.ts';
import { logger } from '../../operations/logger.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a sender holds what it took: well past a request's timeout. */
export const CLAIM_MS = 6 * WEBHOOK_TIMEOUT_MS;
/** Deliveries of one endpoint a sender has in flight at most (claimed together, sent side by side). */
export const ENDPOINT_IN_FLIGHT = 4;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface WebhookSenderOptions {
  db: Database;
  config: Config;
  now: () => Date;
  mail: MailQueue;
  log?: (line: string) => void;
}

/** What one pass knows already: each registrant's membership and each (registrant, item)'s readable chain. */
interface PassCache {
  registrants: Map<string, Promise<Member | undefined>>;
  chains: Map<string, Promise<string[] | undefined>>;
}

export class WebhookSender {
  private readonly db: Database;
  private readonly config: Config;
  private readonly now: () => Date;
  private readonly mail: MailQueue;
  private readonly log: (line: string) => void;
  /** This process's sending passes: one at a time, one more when asked during it. */
  private readonly passes: BackgroundPasses;
  /** Timers of retries due before the next look (cleared when the sender stops). */
  private readonly wakes = new Set<ReturnType<typeof setTimeout>>();
  /** Secrets unsealed, by endpoint id and sealed value. */
  private readonly secrets = new Map<string, string>();
  /** Kept-alive connections to the endpoints (each connected to an address the SSRF rule passed). */
  private readonly agents: ReturnType<typeof webhookAgents>;
  private stopped = false;
  /** Deliveries in flight in this process, in all, by endpoint and by organisation. */
  private inFlight = 0;
  private readonly inFlightByEndpoint = new Map<string, number>();
  private readonly inFlightByOrg = new Map<string, number>();
  /** The groups being sent (and logged). */
  private readonly sending = new Set<Promise<void>>();
  /** The successes' log, written for all groups that finished together. */
  private readonly successes: SuccessLog;

  constructor(options: WebhookSenderOptions) {
    this.db = options.db;
    this.config = options.config;
    this.now = options.now;
    this.mail = options.mail;
    this.agents = webhookAgents(options.config.webhookMaxInFlight);
    this.successes = new SuccessLog(options.db);
    this.log = options.log ?? ((line) => logger().error(line));
    this.passes = new BackgroundPasses(() => this.deliverDue(), this.log, 'Webhook delivery pass failed');
  }

  /** Starts sending what is due, without waiting; a pass under way runs once more. Never throws. */
  deliverSoon(): void {
    this.passes.soon();
  }

  /** Resolves once this process's sender has done what it was asked, its sends logged (retries due later are not waited for). */
  async idle(): Promise<void> {
    for (;;) {
      await this.passes.idle();
      if (this.sending.size === 0) return;
      await Promise.all([...this.sending]);
    }
  }

  /** At most this many of one organisation's deliveries in flight here: a quarter of the sender's. */
  private get perOrg(): number {
    return Math.max(1, Math.floor(this.config.webhookMaxInFlight / 4));
  }

  /**
   * One pass: claims what is due while this process has room, fairly (db/queries/webhooks.ts CLAIM_DUE),
   * and starts sending each endpoint's group without waiting for it; answers how many were claimed.
   */
  async deliverDue(): Promise<number> {
    let claimedCount = 0;
    const cache: PassCache = { registrants: new Map(), chains: new Map() };
    const perEndpoint = Math.min(ENDPOINT_IN_FLIGHT, this.perOrg);
    for (;;) {
      const limit = this.config.webhookMaxInFlight - this.inFlight;
      if (limit <= 0 || this.stopped) return claimedCount;
      const now = this.now();
      const room = (used: Map<string, number>, cap: number) => new Map([...used].map(([id, n]) => [id, Math.max(0, cap - n)]));
      const claimed = await claimDueDeliveries(this.db, now, new Date(now.getTime() + CLAIM_MS), {
        limit,
        perEndpoint,
        perOrg: this.perOrg,
        endpointRooms: room(this.inFlightByEndpoint, perEndpoint),
        orgRooms: room(this.inFlightByOrg, this.perOrg),
      });
      if (claimed.length === 0) return claimedCount;
      claimedCount += claimed.length;
      const groups = new Map<string, ClaimedDelivery[]>();
      for (const d of claimed) groups.set(d.endpointId, [...(groups.get(d.endpointId) ?? []), d]);
      for (const group of groups.values()) this.track(group, 1);
      let endpoints: Map<string, EndpointRow>;
      try {
        endpoints = new Map((await this.db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, [...groups.keys()]))).map((e) => [e.id, e]));
      } catch (err) {
        for (const group of groups.values()) this.track(group, -1);
        throw err;
      }
      for (const group of groups.values()) {
        let out = false;
        // Slots are free (the group's requests are done): what waited for them is claimed now — once a
        // group's worth of the organisation's share is free, so that passes (a claim, the registrant's
        // rights) are not made for one delivery each; commits, retries and the timer wake passes anyway.
        const release = () => {
          if (out) return;
          out = true;
          this.track(group, -1);
          if (!this.stopped && (this.inFlightByOrg.get(group[0]!.orgId) ?? 0) <= this.perOrg - perEndpoint) this.deliverSoon();
        };
        const sent: Promise<void> = this.deliverGroup(group, endpoints.get(group[0]!.endpointId), cache, release)
          .catch((err: unknown) => this.log(`Webhook delivery failed: ${err instanceof Error ? err.message : String(err)}`))
          .finally(() => {
            release();
            this.sending.delete(sent);
          });
        this.sending.add(sent);
      }
    }
  }

  /** Counts a group of one endpoint's deliveries into (`sign` 1) or out of (-1) flight. */
  private track(group: ClaimedDelivery[], sign: 1 | -1): void {
    const n = sign * group.length;
    const add = (map: Map<string, number>, key: string) => {
      const next = (map.get(key) ?? 0) + n;
      if (next > 0) map.set(key, next);
      else map.delete(key);
    };
    this.inFlight += n;
    add(this.inFlightByEndpoint, group[0]!.endpointId);
    add(this.inFlightByOrg, group[0]!.orgId);
  }

  /** Listens for commits that queued deliveries and looks every `intervalMs`; the answer stops both. */
  keepDelivering(intervalMs: number): () => Promise<void> {
    let listener: ChannelListener | undefined;
    try {
      listener = listen(this.db, WEBHOOK_CHANNEL, () => this.deliverSoon(), { onReconnect: () => this.deliverSoon(), log: this.log });
      listener.ready.catch((err: unknown) => this.log(`Webhook LISTEN failed: ${err instanceof Error ? err.message : String(err)}`));
    } catch (err) {
      this.log(`Webhook LISTEN failed, the timer alone delivers: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.deliverSoon();
    const timer = setInterval(() => this.deliverSoon(), intervalMs);
    timer.unref();
    return async () => {
      this.stopped = true;
      clearInterval(timer);
      for (const wake of this.wakes) clearTimeout(wake);
      this.wakes.clear();
      await listener?.close();
      await this.idle();
      this.agents.http.destroy();
      this.agents.https.destroy();
    };
  }

  /** Whether the registrant may read the delivery's item now, in the endpoint's subtree (memoised for the pass). */
  private async mayCarry(endpoint: EndpointRow, d: ClaimedDelivery, cache: PassCache): Promise<boolean> {
    if (d.eventType === 'webhook.test') return true;
    const key = `${endpoint.orgId}:${endpoint.createdBy}`;
    let registrant = cache.registrants.get(key);
    if (!registrant) cache.registrants.set(key, (registrant = registrantNow(this.db, endpoint.orgId, endpoint.createdBy)));
    const who = await registrant;
    if (!who) return false;
    if (!d.documentId && !d.folderId) return true;
    const itemKey = `${key}:${d.documentId ?? ''}:${d.folderId ?? ''}`;
    let chain = cache.chains.get(itemKey);
    if (!chain) cache.chains.set(itemKey, (chain = readableChain(this.db, who, d)));
    const ids = await chain;
    if (!ids) return false;
    return endpoint.folderId === null || ids.includes(endpoint.folderId);
  }

  /** A sealed secret of an endpoint as it is (unsealed once per sealed value). */
  private async unsealed(endpoint: EndpointRow, sealed: string): Promise<string> {
    const key = `${endpoint.id}:${sealed}`;
    let secret = this.secrets.get(key);
    if (secret === undefined) {
      secret = await unseal(this.config, 'webhook-secret', endpoint.id, sealed);
      if (this.secrets.size > 1000) this.secrets.clear();
      this.secrets.set(key, secret);
    }
    return secret;
  }

  /** The secrets that sign at `at`: the endpoint's, and the one before it while the rotation's overlap lasts. */
  private async secretsOf(endpoint: EndpointRow, at: Date): Promise<string[]> {
    const secrets = [await this.unsealed(endpoint, endpoint.secret)];
    if (endpoint.previousSecret !== null && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > at) {
      secrets.push(await this.unsealed(endpoint, endpoint.previousSecret));
    }
    return secrets;
  }

  /**
   * Sends one endpoint's claimed deliveries side by side: what may not be carried dropped, the successes
   * logged and marked together with other groups' (./delivery-log.ts); each failure on its own (./record). Never
   * throws for one delivery. `release` frees the group's slots once its requests are done and none failed
   * (its successes still claimed until logged); after a failure, only once it is recorded (the endpoint's
   * backoff written before any more of its deliveries are claimed).
   */
  private async deliverGroup(claimed: ClaimedDelivery[], endpoint: EndpointRow | undefined, cache: PassCache, release: () => void): Promise<void> {
    if (!endpoint) return;
    const outcomes = await Promise.all(
      claimed.map(async (d): Promise<{ d: ClaimedDelivery; endpoint: EndpointRow; at: Date; answer: WebhookAnswer } | { d: ClaimedDelivery; drop: 'withheld' | 'off' } | undefined> => {
        try {
          if (!endpoint.enabled && d.eventType !== 'webhook.test') return { d, drop: 'off' };
          if (!(await this.mayCarry(endpoint, d, cache))) return { d, drop: 'withheld' };
          const body = JSON.stringify(d.payload);
          const at = this.now();
          const secrets = await this.secretsOf(endpoint, at);
          const answer = await postWebhook({
            url: endpoint.url,
            body,
            allowPrivate: this.config.webhookAllowPrivate,
            agent: this.agents,
            headers: {
              'content-type': 'application/json',
              'user-agent': 'Ringbinder-Webhooks/1',
              'webhook-id': d.id,
              'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
              // Standard Webhooks: several signatures, space separated; a receiver accepts any one it can verify.
              'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(d.id, at, body)).join(' '),
            },
          });
          return { d, endpoint, at, answer };
        } catch (err) {
          this.log(`Webhook delivery ${d.id} could not be sent: ${err instanceof Error ? err.message : String(err)}`);
          return undefined;
        }
      }),
    );
    const held = (d: ClaimedDelivery) => and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.nextAttemptAt, d.nextAttemptAt));
    const sent = outcomes.filter((o): o is { d: ClaimedDelivery; endpoint: EndpointRow; at: Date; answer: WebhookAnswer } => o !== undefined && 'answer' in o);
    const ok = sent.filter((o) => o.answer.ok);
    try {
      for (const o of outcomes) {
        if (!o || !('drop' in o)) continue;
        if (o.drop === 'off') await this.db.update(webhookDeliveries).set({ status: 'failed' }).where(held(o.d));
        else await this.db.delete(webhookDeliveries).where(held(o.d));
      }
      if (ok.length === sent.length) release();
      // Logged with every other group's successes that finished meanwhile (./delivery-log.ts).
      await this.successes.write(ok.map((o) => ({ d: o.d, endpoint: o.endpoint, attempt: this.attemptRow(o.endpoint, o.d, o.at, o.answer) })));
      for (const o of sent) if (!o.answer.ok) await this.record(o.endpoint, o.d, o.at, o.answer);
    } catch (err) {
      this.log(`Webhook delivery log could not be written: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private attemptRow(endpoint: EndpointRow, d: ClaimedDelivery, at: Date, answer: WebhookAnswer): typeof webhookAttempts.$inferInsert {
    return {
      id: uuidv7(at.getTime()),
      deliveryId: d.id,
      endpointId: endpoint.id,
      at,
      durationMs: answer.durationMs,
      statusCode: answer.statusCode,
      error: answer.error?.slice(0, 1000) ?? null,
      responseHead: answer.responseHead.replace(/\0/g, ''),
      ok: answer.ok,
    };
  }

  /** A failed attempt logged and its consequences (a retry, giving up, switching the endpoint off), in one transaction. */
  private async record(endpoint: EndpointRow, d: ClaimedDelivery, at: Date, answer: WebhookAnswer): Promise<void> {
    const now = this.now();
    const held = and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.nextAttemptAt, d.nextAttemptAt));
    let disabled = false;
    await this.db.transaction(async (tx) => {
      await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).for('key share');
      const [still] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id)).for('key share');
      if (!still) return;
      await tx.insert(webhookAttempts).values(this.attemptRow(endpoint, d, at, answer));
      const failingFor = d.eventType === 'webhook.test' || endpoint.failingSince === null ? 0 : now.getTime() - endpoint.failingSince.getTime();
      const delay = endpointBackoff(d.attempts, this.config.webhookRetryBaseMs, failingFor);
      const next = new Date(now.getTime() + delay);
      const givenUp = next.getTime() > d.retriesFrom.getTime() + DAY_MS || d.eventType === 'webhook.test';
      await tx
        .update(webhookDeliveries)
        .set(givenUp ? { status: 'failed' } : { nextAttemptAt: next })
        .where(held);
      // A retry due before the timer's next look: this process wakes for it.
      if (!givenUp && delay < this.config.webhookDeliveryIntervalMs && !this.stopped) {
        const wake = setTimeout(() => {
          this.wakes.delete(wake);
          this.deliverSoon();
        }, delay);
        wake.unref();
        this.wakes.add(wake);
      }
      if (d.eventType === 'webhook.test') return;
      // The endpoint has been failing since its first failure after its last success; it backs off (its
      // other deliveries wait with it) until this one's retry.
      const failing = await markEndpointFailing(tx, endpoint.id, at, next);
      if (!failing?.enabled || !failing.failingSince || now.getTime() - failing.failingSince.getTime() < DAY_MS) return;
      const [off] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: now })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id });
      if (!off) return;
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
      await this.tellAdmins(tx, endpoint, answer);
      disabled = true;
    });
    if (disabled) {
      this.log(`Webhook ${endpoint.url} failed for a day and was switched off`);
      this.mail.deliverSoon();
    }
  }

  /** Mails each active admin of the endpoint's organisation that it was switched off. */
  private async tellAdmins(tx: Parameters<Parameters<Database['transaction']>[0]>[0], endpoint: EndpointRow, answer: WebhookAnswer): Promise<void> {
    const admins = await tx
      .select({ email: users.email, fullName: users.fullName, orgName: organisations.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(organisations, eq(organisations.id, memberships.orgId))
      .where(and(eq(memberships.orgId, endpoint.orgId), eq(memberships.isOrgAdmin, true), eq(memberships.isActive, true), eq(users.isActive, true)));
    const lastError = answer.statusCode !== null ? `HTTP ${answer.statusCode}${answer.error ? ` (${answer.error})` : ''}` : (answer.error ?? 'no answer');
    const url = `${this.config.publicUrl}/admin/webhooks/${endpoint.id}`;
    for (const admin of admins) {
      await this.mail.add(tx, webhookDisabledMessage(admin.email, admin.fullName, admin.orgName, endpoint.url, lastError, url));
    }
  }
}

