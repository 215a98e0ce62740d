import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA rules (and the A and 2.0/2.1 ones they include). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's violations on the page as it is now (every rule, or those of `tags`): one line each, with the element and why. */
export async function axeViolations(page: Page, tags?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page's frames without opening a blank page to merge their results (the site embeds no
  // frame of another origin), and only the violations' elements are listed: together a page's check takes half as long.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const { violations } = await (tags ? builder.withTags(tags) : builder).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n').slice(1).join(' ').trim()})`,
    ),
  );
}
