/**
 * Home's first paint in its first HTML (issue #31): when home (/) is served with its first data
 * (../first-answers.ts) and auth/me says the visitor works in an organisation, the dashboard is shown in
 * the HTML with its welcome card filled (src/shared/first-paint/welcome.ts: the markup home's script
 * writes too), and the page is shown (./reveal.ts), so the card paints before any module has run.
 * Home's script shows the same mode and writes the same card when it runs (src/screens/home/home.ts);
 * its panels fill as their reads arrive.
 * Dates are written in UTC and the server's language (the script writes them in the browser's).
 */
import type { RouteMatch } from '../../../routes.ts';
import type { CurrentUser } from '../../../shared/api/accounts.ts';
import * as paths from '../../../shared/api/paths.ts';
import { welcomeOrgMarkup, welcomeTrialMarkup } from '../../../shared/first-paint/welcome.ts';
import type { FirstAnswers } from '../first-answers.ts';
import { revealPage } from './reveal.ts';

const DASHBOARD = /(<section id="home-dashboard"[^>]*?)\shidden(?=[\s>])/;
const ORG = /(<span id="welcome-org"[^>]*>)(<\/span>)/;
const TRIAL = /<p id="welcome-trial"([^>]*?)\shidden([^>]*)><\/p>/;

let dateFormat: Intl.DateTimeFormat | undefined;
const dateText = (iso: string): string => (dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' })).format(new Date(iso));

/** The shell with the dashboard shown and its welcome card written, when `match` is home and the visitor has an organisation. */
export function paintHome(html: string, match: RouteMatch, answers: FirstAnswers): string {
  if (match.route.pattern !== '/') return html;
  const me = answers[paths.auth.me];
  const user = me?.status === 200 ? (me.body as CurrentUser) : null;
  const org = user?.org;
  if (!user || !org || !DASHBOARD.test(html) || !ORG.test(html)) return html;
  const trial = welcomeTrialMarkup(user, dateText);
  const page = html
    .replace(DASHBOARD, '$1')
    .replace(ORG, (_, open: string, close: string) => open + welcomeOrgMarkup(org) + close)
    .replace(TRIAL, (element, before: string, after: string) => (trial ? `<p id="welcome-trial"${before}${after}>${trial}</p>` : element));
  return revealPage(page);
}
