/**
 * pa11y itself (its HTML_CodeSniffer runner, standard WCAG2AA) on a page of the built app, in Debian's
 * Chromium launched by pa11y's own puppeteer with the suite's executable and flags (./chromium.ts; puppeteer's
 * browser download is skipped: `allowScripts` in package.json). pa11y ships no types, so the part used here
 * is typed below.
 */
import { createRequire } from 'node:module';
import { chromiumLaunchOptions } from './chromium.ts';

/** One finding of pa11y (only errors are asked for). */
export interface Pa11yIssue {
  code: string;
  type: 'error' | 'warning' | 'notice';
  message: string;
  context: string;
  selector: string;
}

interface Pa11yResults {
  documentTitle: string;
  pageUrl: string;
  issues: Pa11yIssue[];
}

interface Pa11yOptions {
  standard: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
  runners: string[];
  includeWarnings: boolean;
  includeNotices: boolean;
  timeout: number;
  actions: string[];
  chromeLaunchConfig: { executablePath?: string; args?: string[] };
}

const pa11y = createRequire(import.meta.url)('pa11y') as (url: string, options: Partial<Pa11yOptions>) => Promise<Pa11yResults>;

/**
 * pa11y's report on `url` as `npx pa11y <url>` gives it: the WCAG2AA errors HTML_CodeSniffer finds once the
 * page has loaded and each `actions` step (pa11y's words, e.g. `wait for element #x to be visible`) is done.
 */
export function pa11yReport(url: string, actions: string[] = []): Promise<Pa11yResults> {
  return pa11y(url, {
    standard: 'WCAG2AA',
    runners: ['htmlcs'],
    includeWarnings: false,
    includeNotices: false,
    timeout: 25_000,
    actions,
    chromeLaunchConfig: { executablePath: chromiumLaunchOptions.executablePath, args: chromiumLaunchOptions.args },
  });
}

/** The issues as lines a failing test prints: code, message and the element. */
export const describeIssues = (issues: Pa11yIssue[]): string[] =>
  issues.map((issue) => `${issue.code}: ${issue.message} (${issue.selector}: ${issue.context})`);
