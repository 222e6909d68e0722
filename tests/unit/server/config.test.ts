/** The configuration read from the environment: defaults, and the knobs the API and browser suites move. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config.ts';

describe('readConfig', () => {
  it('trusts forwarded headers only with TRUST_PROXY=1', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(false);
  });

  it('limits registrations to 50 and new organisations to 10 per IP address an hour, unless told otherwise', () => {
    expect(readConfig({})).toMatchObject({ registrationsPerIpPerHour: 50, organisationsPerIpPerHour: 10 });
    expect(readConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '500', ORGANISATIONS_PER_IP_PER_HOUR: '' })).toMatchObject({
      registrationsPerIpPerHour: 500,
      organisationsPerIpPerHour: 10,
    });
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => readConfig({ REGISTRATIONS_PER_IP_PER_HOUR: bad })).toThrow(/REGISTRATIONS_PER_IP_PER_HOUR must be a whole number/);
      expect(() => readConfig({ ORGANISATIONS_PER_IP_PER_HOUR: bad })).toThrow(/ORGANISATIONS_PER_IP_PER_HOUR must be a whole number/);
    }
  });

  it('limits share links to 1000 submissions a link an hour (issue #43: none per address, a kiosk is one address), photo signing to 1000 and 300, unless told otherwise', () => {
    expect(readConfig({})).toMatchObject({
      shareSubmissionsPerLinkPerHour: 1000,
      shareUploadsPerLinkPerHour: 1000,
      shareUploadsPerIpPerHour: 300,
    });
    expect(readConfig({})).not.toHaveProperty('shareSubmissionsPerIpPerHour');
    expect(readConfig({ SHARE_SUBMISSIONS_PER_LINK_PER_HOUR: '5000' }).shareSubmissionsPerLinkPerHour).toBe(5000);
    expect(() => readConfig({ SHARE_SUBMISSIONS_PER_LINK_PER_HOUR: '0' })).toThrow(/SHARE_SUBMISSIONS_PER_LINK_PER_HOUR must be a whole number/);
  });

  it('share-link uploads (issue #40): counted in files and bytes, unused uploads removed after a day, unless told otherwise', () => {
    expect(readConfig({})).toMatchObject({
      shareUploadsPerLinkPerHour: 1000,
      shareUploadsPerIpPerHour: 300,
      shareUploadBytesPerLinkPerHour: 4 * 1024 ** 3,
      shareUploadBytesPerIpPerHour: 1024 ** 3,
      unusedUploadLifetimeMs: 24 * 60 * 60 * 1000,
      uploadCleanupIntervalMs: 5 * 60 * 1000,
    });
    expect(
      readConfig({ SHARE_UPLOAD_BYTES_PER_IP_PER_HOUR: '10737418240', UNUSED_UPLOAD_LIFETIME_MS: '3600000', UPLOAD_CLEANUP_INTERVAL_MS: '1000' }),
    ).toMatchObject({ shareUploadBytesPerIpPerHour: 10 * 1024 ** 3, unusedUploadLifetimeMs: 3_600_000, uploadCleanupIntervalMs: 1000 });
    expect(() => readConfig({ SHARE_UPLOAD_BYTES_PER_LINK_PER_HOUR: '1.5' })).toThrow(/SHARE_UPLOAD_BYTES_PER_LINK_PER_HOUR must be a whole number/);
    expect(() => readConfig({ UNUSED_UPLOAD_LIFETIME_MS: '0' })).toThrow(/UNUSED_UPLOAD_LIFETIME_MS must be a whole number/);
  });

  it('webhooks (issue #34): retries from 5 s, private addresses refused, unless told otherwise', () => {
    expect(readConfig({})).toMatchObject({ webhookRetryBaseMs: 5000, webhookAllowPrivate: false, webhookDeliveryIntervalMs: 5000 });
    expect(readConfig({ WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_ALLOW_PRIVATE: '1' })).toMatchObject({ webhookRetryBaseMs: 50, webhookAllowPrivate: true });
    expect(readConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false);
    expect(() => readConfig({ WEBHOOK_RETRY_BASE_MS: '0' })).toThrow(/WEBHOOK_RETRY_BASE_MS must be a whole number/);
  });
});
