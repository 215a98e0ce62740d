import type { Page } from '@playwright/test';

/** Records every Content-Security-Policy violation of every document the page loads; read them with `policyViolations`. */
export async function recordPolicyViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

/** What the page's security policy refused in the document shown now. */
export const policyViolations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
