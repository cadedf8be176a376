import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's script, run in the page as an expression through the DevTools protocol: the app's
 * Content-Security-Policy (script-src 'self') refuses an injected <script>, and the audit should
 * see the app as it ships, CSP on, rather than a page with its policy bypassed.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * WCAG 2.1 A and AA, axe's rules for them (or only `rules`, e.g. the palette's own
 * `color-contrast`); what fails the test is a serious or critical finding.
 */
export async function audit(page: Page, rules?: string[]): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  // A sheet fading in is not what is read: colours mid-fade measured 3.2:1 for 4.5:1 ones.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const found = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: only
        ? { type: 'rule', values: only }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
  }, rules);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
