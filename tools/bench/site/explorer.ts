/** `npm run bench:site`'s explorer: how long its answers take to show, measured in the browser. */
import { chromium, type Locator } from '@playwright/test';
import { onExit } from '../common';

/**
 * The explorer on a warm cache: each question asked once, then twice more, timed in the page from the action (a
 * country chosen, Enter in the search field) to its answer on screen; and the longest event the Event Timing API saw
 * (what INP reports).
 */
export async function explorerInteraction(siteUrl: string, chromiumPath: string) {
  // Playwright's signal handlers would exit at once, before the bench has stopped what it started (common.ts).
  const signals = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false };
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'], ...signals });
  onExit(() => browser.close());
  const page = await browser.newPage({ locale: 'es-ES' });
  await page.goto(`${siteUrl}/`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const state = { longest: 0 };
    Object.assign(window, { __eventTiming: state });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longest = Math.max(state.longest, entry.duration);
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  const explorer = page.locator('#explorer');
  await explorer.scrollIntoViewIfNeeded();
  // Each question ("<country> <topic>", "<country> <words>") asked once (a warm cache), then twice more, timed.
  const timed = async (questions: string[], ask: (country: string, value: string) => Promise<number>) => {
    const times: number[] = [];
    for (const [round, question] of [...questions, ...questions, ...questions].entries()) {
      const time = await ask(...(question.split(' ') as [string, string]));
      if (round >= questions.length) times.push(time);
    }
    return times;
  };
  const choiceTimes = await timed(
    ['DE automotive', 'FR automotive', 'IT travel-tourism', 'PT travel-tourism', 'GB finance-insurance', 'NL finance-insurance'],
    async (country, topic) => {
      await explorer.locator('select[name="topic"]').selectOption(topic);
      return answerTime(explorer, 'choice', country);
    },
  );
  const searchTimes = await timed(['DE motor', 'FR viaje', 'IT moda', 'ES banca'], async (country, words) => {
    await explorer.locator('select[name="country"]').selectOption(country);
    return answerTime(explorer, 'search', words);
  });
  const longestEvent = await page.evaluate(() => (window as unknown as { __eventTiming: { longest: number } }).__eventTiming.longest);
  return { choiceTimes, searchTimes, longestEvent };
}

/**
 * ms from an action in the explorer to its answer in the results (its live region): a country chosen shows that
 * country's table; a search (its words typed, then Enter, which skips the typing pause) names its words, found or not,
 * in the language's quotation marks (“motor”, «motor»).
 */
function answerTime(explorer: Locator, action: 'choice' | 'search', value: string): Promise<number> {
  return explorer.evaluate(
    (root, [action, value]) =>
      new Promise<number>((resolve, reject) => {
        const select = root.querySelector<HTMLSelectElement>('select[name="country"]')!;
        const input = root.querySelector<HTMLInputElement>('input[name="q"]')!;
        const results = root.querySelector('[aria-live]')!;
        const named = new RegExp(`[“«„"]\\s?${value}\\s?[”»“"]`);
        const timeout = setTimeout(() => reject(new Error(`No answer to the ${action} “${value}” within 10 s`)), 10_000);
        let started = 0;
        // No function declared in here: tsx would wrap it in a helper the page does not have.
        const observer = new MutationObserver(() => {
          const country = select.selectedOptions[0]!.text;
          const shown =
            action === 'choice'
              ? !!results.querySelector('caption')?.textContent?.includes(country) && !!results.querySelector('tbody tr')
              : named.test(results.textContent ?? '');
          if (!started || !shown) return;
          observer.disconnect();
          clearTimeout(timeout);
          resolve(performance.now() - started);
        });
        observer.observe(root, { subtree: true, childList: true, characterData: true });
        if (action === 'choice') {
          started = performance.now();
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return;
        }
        // The words typed as React sees typing (the value's own setter, then an input event); Enter once it has rendered them.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        setTimeout(() => {
          started = performance.now();
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        });
      }),
    [action, value] as const,
  );
}
