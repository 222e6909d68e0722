/**
 * Home's first paint in its HTML (src/server/http/first-paint/home.ts): for a visitor with an
 * organisation, the dashboard shown with its welcome card (name escaped, the trial's line), the page
 * shown; nothing for a visitor without one, or without auth/me.
 */
import { describe, expect, it } from 'vitest';
import { paintHome } from '../../../../../src/server/http/first-paint/home.ts';
import { matchRoute } from '../../../../../src/routes.ts';

const SHELL =
  '<main class="chrome-main" id="main" tabindex="-1" aria-busy="true"> <div class="page-skeleton" id="page-skeleton" aria-hidden="true"> <div class="skeleton-line"></div> </div> ' +
  '<div class="page-content" id="page-content" hidden><section id="home-picker" hidden></section>' +
  '<section id="home-dashboard" aria-labelledby="home-dashboard-heading" hidden data-astro-cid-j><h2 id="welcome-heading">Welcome to <span id="welcome-org" data-astro-cid-j></span></h2>' +
  '<p id="welcome-trial" hidden data-astro-cid-j></p></section></div></main>';

const me = (org: unknown, isOrgAdmin = false) => ({ 'auth/me': { status: 200, body: { username: 'ann', is_org_admin: isOrgAdmin, org } } });
const trialing = (trialEndsAt: string) => ({ status: 'trialing', trial_ends_at: trialEndsAt, current_period_end: null });
const OFF = { status: 'off', trial_ends_at: null, current_period_end: null };

describe('paintHome', () => {
  it('shows the dashboard with the welcome card of the organisation, escaped', () => {
    const html = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme <&> Co', subscription: OFF }));
    expect(html).toContain('<section id="home-dashboard" aria-labelledby="home-dashboard-heading" data-astro-cid-j>');
    expect(html).toContain('<span id="welcome-org" data-astro-cid-j>Acme &#60;&#38;&#62; Co</span>');
    expect(html).toContain('<p id="welcome-trial" hidden data-astro-cid-j></p>');
    expect(html).toContain('<section id="home-picker" hidden>');
    expect(html).not.toContain('page-skeleton');
  });

  it('writes the trial’s end, and Billing beside it for an org admin only (billing off: no line, above)', () => {
    const html = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme', subscription: trialing('2999-01-02T00:00:00Z') }));
    expect(html).toContain('<p id="welcome-trial" data-astro-cid-j>Your free trial ends on <time datetime="2999-01-02T00:00:00Z">January 2, 2999</time>.</p>');
    const admin = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme', subscription: trialing('2999-01-02T00:00:00Z') }, true));
    expect(admin).toContain('January 2, 2999</time>. <a href="/billing" class="welcome-billing">Billing</a></p>');
  });

  it('draws nothing without an organisation, without auth/me, or on another page', () => {
    expect(paintHome(SHELL, matchRoute('/')!, me(null))).toBe(SHELL);
    expect(paintHome(SHELL, matchRoute('/')!, {})).toBe(SHELL);
    expect(paintHome(SHELL, matchRoute('/billing')!, me({ id: 'o1', name: 'Acme', subscription: OFF }))).toBe(SHELL);
  });
});
