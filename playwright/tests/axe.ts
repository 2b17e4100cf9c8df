import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What one axe scan looks at; by default the whole page with axe's default rules. */
export interface AxeScan {
  /** Selectors the scan is limited to (shadow roots below them included). */
  include?: readonly string[];
  /** Only these rules. */
  only?: readonly string[];
  /** Rules off in axe's defaults to run as well. */
  enable?: readonly string[];
}

/** Both widgets' elements: a scan of them leaves the host page's own markup out. */
export const WIDGETS = ['hearken-roadmap', 'hearken-feedback'] as const;

/** One rule's violation, with the first five elements it names. */
export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Every violation axe finds on the page. Axe runs inside the page (its legacy mode) and details
 * violations only: by default it opens a second page to merge the results of every frame and
 * builds a selector for each of a few thousand passing elements, three times the time for the same
 * violations (compared on every example page and on planted faults in a shadow root). Merging
 * frames is what legacy mode leaves out, so a page with a frame fails here rather than going
 * half-scanned.
 */
export async function axeFindings(page: Page, scan: AxeScan = {}): Promise<AxeFinding[]> {
  expect(
    page.frames().map((frame) => frame.url()),
    'a page with frames needs axe’s default mode',
  ).toHaveLength(1);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({
    resultTypes: ['violations'],
    ...(scan.enable ? { rules: Object.fromEntries(scan.enable.map((rule) => [rule, { enabled: true }])) } : {}),
  });
  for (const selector of scan.include ?? []) builder.include(selector);
  if (scan.only) builder.withRules([...scan.only]);
  const { violations } = await builder.analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** The serious and critical findings of {@link axeFindings}: what every scan here must not have. */
export async function seriousAxeFindings(page: Page, scan: AxeScan = {}): Promise<AxeFinding[]> {
  const findings = await axeFindings(page, scan);
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}
