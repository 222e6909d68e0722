/**
 * /billing/success (spec accounts §2 Billing, §9): 'Purchase Successful!', then the dashboard after
 * 3000 ms. The organisation's state comes only from Stripe's signed webhooks, never from this page's
 * address: the page only says so and goes home.
 */
import { navigate } from '../../client/navigation.ts';
import { signedInUser } from '../../client/signed-in-user.ts';
import { BILLING_SUCCESS_REDIRECT_MS } from '../../shared/constants.ts';

export async function mountBillingSuccess(): Promise<void> {
  await signedInUser();
  setTimeout(() => navigate('/', { replace: true }), BILLING_SUCCESS_REDIRECT_MS);
}
