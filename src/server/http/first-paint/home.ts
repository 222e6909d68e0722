/**
 * Home's first paint in its first HTML (issue #31): when home (/) is served with its first data
 * (../page-data.ts) and auth/me says the visitor works in an organisation, the dashboard is shown in
 * the HTML as home's script would draw it from the same answers, and the page is shown (./reveal.ts), so
 * it paints before any module has run:
 * - the welcome card (src/shared/first-paint/welcome.ts), and below it the user's pending invitations
 *   (src/shared/first-paint/invitations.ts, from auth/me);
 * - an org admin's first steps while one is left, and each panel — Assignments to Claim, Favorites, Recent
 *   Activity — with its items, or its empty line with what would fill it and the offer
 *   (src/shared/first-paint/dashboard-panels.ts, dashboard-guidance.ts), each from its answer (a panel
 *   whose answer is missing or refused stays 'Loading…': the script reads and draws it).
 * Home's script draws the same markup from the same answers and keeps the nodes of a drawing equal to its
 * own (src/screens/home/dashboard.ts), so the take-over moves nothing.
 *
 * What the server cannot know it takes by default: Checklists in Progress are the filler's drafts in the
 * browser's local storage, so the panel is drawn empty (as on a device without drafts; the script lists
 * them when there are), and dates are written in UTC and the server's language (the script writes them in
 * the browser's).
 */
import type { RouteMatch } from '../../../routes.ts';
import type { CurrentUser } from '../../../shared/api/accounts.ts';
import type { Assignment } from '../../../shared/api/assignments.ts';
import type { FirstSteps } from '../../../shared/api/first-steps.ts';
import type { List } from '../../../shared/api/list.ts';
import type { FavouriteEntry, NotificationList } from '../../../shared/api/notifications.ts';
import { dateTimeText } from '../../../shared/date-time.ts';
import { firstStepItems, firstStepsMarkup, viewerOf, type PanelName, type Viewer } from '../../../shared/first-paint/dashboard-guidance.ts';
import { activityItemMarkup, assignmentItemMarkup, favouriteItemMarkup, panelMarkup } from '../../../shared/first-paint/dashboard-panels.ts';
import { homeInvitationsMarkup } from '../../../shared/first-paint/invitations.ts';
import { welcomeOrgMarkup, welcomeTrialMarkup } from '../../../shared/first-paint/welcome.ts';
import type { PageAnswers, PageReadName } from '../../../shared/page-data.ts';
import { REVEAL_PAGE } from './reveal.ts';
import type { ShellEdits } from './shell-edits.ts';

/** Shown: the element loses its `hidden`. */
const SHOWN = { attributes: { hidden: null } };

/** THE date and time (src/shared/date-time.ts), in UTC: the server does not know the reader's zone. */
const utcText = (iso: string): string => dateTimeText(iso, 'UTC');

/** The body of the answer to the read `name` when the API gave it with 200, or undefined. */
const answered = <T>(answers: PageAnswers, name: PageReadName): T | undefined => {
  const answer = answers[name];
  return answer?.status === 200 ? (answer.body as T) : undefined;
};

/** Each panel's items' markup, for the panels whose answer is in. */
function panelItems(user: CurrentUser, answers: PageAnswers): Partial<Record<PanelName, string[]>> {
  // THE table's reads of '/' (src/shared/page-data-reads.ts), by name.
  const me = { username: user.username, isOrgAdmin: user.is_org_admin };
  return {
    assignments: answered<List<Assignment>>(answers, 'assignments')?.results.map((a) => assignmentItemMarkup(a, me, utcText)),
    favourites: answered<List<FavouriteEntry>>(answers, 'favourites')?.results.map(favouriteItemMarkup),
    activity: answered<NotificationList>(answers, 'recentActivity')?.results.map((n) => activityItemMarkup(n, utcText)),
    drafts: [],
  };
}

/**
 * The panels drawn (`[data-dashboard-list=…]`, busy with 'Loading…' in the shell): a panel with items from
 * its answer; an empty one once the viewer (its offer) is known too.
 */
function panelsPaint(items: Partial<Record<PanelName, string[]>>, viewer: Viewer | undefined): ShellEdits {
  const edits: ShellEdits = {};
  for (const [name, listed] of Object.entries(items) as [PanelName, string[] | undefined][]) {
    if (!listed || (listed.length === 0 && !viewer)) continue;
    edits[`[data-dashboard-list=${name}]`] = { attributes: { 'aria-busy': null }, content: panelMarkup(name, listed, viewer) };
  }
  return edits;
}

/** The dashboard drawn into the shell, when `match` is home and the visitor has an organisation. */
export function homePaint(match: RouteMatch, answers: PageAnswers): ShellEdits {
  if (match.route.pattern !== '/') return {};
  const user = answered<CurrentUser>(answers, 'me');
  const org = user?.org;
  if (!user || !org) return {};
  const trial = welcomeTrialMarkup(user, utcText);
  const guidance = answered<FirstSteps>(answers, 'firstSteps');
  const steps = guidance && firstStepItems(guidance.steps);
  return {
    ...REVEAL_PAGE,
    '#home-dashboard': SHOWN,
    '#welcome-org': { content: welcomeOrgMarkup(org) },
    ...(trial ? { '#welcome-trial': { ...SHOWN, content: trial } } : {}),
    ...(user.invitations.length > 0 ? { '#home-invitations': SHOWN, '#home-invitation-list': { content: homeInvitationsMarkup(user.invitations) } } : {}),
    ...(steps ? { '#first-steps': SHOWN, '#first-steps-list': { content: firstStepsMarkup(steps) } } : {}),
    ...panelsPaint(panelItems(user, answers), guidance && viewerOf(user.is_org_admin, guidance)),
  };
}
