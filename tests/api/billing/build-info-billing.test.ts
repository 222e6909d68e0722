/**
 * `_build-info` says how billing runs on this server (issue #32 "The trial text follows the server's real
 * settings"): whether payments are set up and TRIAL_DAYS as the server runs it, so no screen builds a
 * number of trial days into itself.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { BILLING_ON_WITHOUT_STRIPE } from '../support/stripe-server.ts';

describe('GET _build-info: billing', () => {
  describe('billing off (no STRIPE_SECRET_KEY)', () => {
    const server = useTestServer({ env: { TRIAL_DAYS: '5' } });
    it('says billing is off (the trial is recorded but promises nothing)', async () => {
      const res = await server.client().get('_build-info');
      expect(res.status).toBe(200);
      expect(res.body.billing).toEqual({ enabled: false, trial_days: 5 });
    });
  });

  describe('billing on, TRIAL_DAYS=3', () => {
    const server = useTestServer({ env: { ...BILLING_ON_WITHOUT_STRIPE, TRIAL_DAYS: '3' } });
    it('answers the trial as the server runs it, without signing in', async () => {
      const res = await server.client().get('_build-info');
      expect(res.status).toBe(200);
      expect(res.body.billing).toEqual({ enabled: true, trial_days: 3 });
    });
  });

  describe('billing on, TRIAL_DAYS=0', () => {
    const server = useTestServer({ env: { ...BILLING_ON_WITHOUT_STRIPE, TRIAL_DAYS: '0' } });
    it('answers 0 days', async () => {
      const res = await server.client().get('_build-info');
      expect(res.body.billing).toEqual({ enabled: true, trial_days: 0 });
    });
  });
});
