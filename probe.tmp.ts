import { chromium } from '@playwright/test';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  for (const path of ['/de/', '/', '/fr/', '/it/', '/en/', '/de/legal/', '/fr/privacy/', '/it/cookies/']) {
    await page.goto(`http://localhost:8000${path}`);
    const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('[hidden]') && !el.closest('[aria-hidden="true"]')).slice(0, 4).map((el) => `${el.tagName}.${el.className} "${(el.textContent ?? '').slice(0, 40)}" ${Math.round(el.getBoundingClientRect().right)}`));
    console.log(path, wide);
  }
  await browser.close();
})();
