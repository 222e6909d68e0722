/**
 * One writer of each queue-like table: activity_events only through THE insert of
 * src/server/db/queries/activity-events.ts, webhook_deliveries only through THE insert of
 * src/server/db/queries/webhooks.ts (the submission's single statement takes both pieces of SQL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const server = readdirSync(`${root}src/server`, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => `${entry.parentPath}/${entry.name}`.slice(root.length));

/** The modules of the server that write `table` (raw SQL or the query builder's insert of `builder`). */
const writers = (table: string, builder: string) =>
  server.filter((path) => {
    const source = readFileSync(`${root}${path}`, 'utf8');
    return new RegExp(`INSERT INTO ${table}\\b`, 'i').test(source) || source.includes(`.insert(${builder})`);
  });

describe('one writer of each', () => {
  it('activity_events: db/queries/activity-events.ts', () => {
    expect(writers('activity_events', 'activityEvents')).toEqual(['src/server/db/queries/activity-events.ts']);
  });

  it('webhook_deliveries: db/queries/webhooks.ts', () => {
    expect(writers('webhook_deliveries', 'webhookDeliveries')).toEqual(['src/server/db/queries/webhooks.ts']);
  });

  it('the submission writes its event and its deliveries with those writers', () => {
    const source = readFileSync(`${root}src/server/db/queries/submissions.ts`, 'utf8');
    expect(source).toContain('${insertActivityEvent(');
    expect(source).toContain('${insertWebhookDeliveries(');
  });
});
