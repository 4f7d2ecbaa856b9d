import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  path.resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core (WCAG 2 A/AA and best practices) on the page and returns the serious and
 * critical violations, logging every violation. Injected with evaluate: the CSP (rightly)
 * refuses added script tags. `exclude` leaves out parts checked by their own journeys
 * (CSS selectors, e.g. 'header.topbar').
 */
export async function seriousViolations(
  page: Page,
  opts: { exclude?: string[] } = {},
): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate((exclude) => {
    const { axe } = window as unknown as {
      axe: { run: (context: object, options: object) => Promise<AxeResults> };
    };
    return axe.run(
      exclude.length > 0 ? { include: [['body']], exclude: exclude.map((s) => [s]) } : document,
      {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        },
      },
    );
  }, opts.exclude ?? []);
  for (const v of results.violations) {
    console.log(`axe ${v.impact}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
