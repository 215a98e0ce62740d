import { expect, type Locator, type Page, test } from '@playwright/test';
import { fillRequiredFields } from '../support/contact-form';
import { answerGoogleTags, openPage, queryDatabase } from '../support/fixtures';

// A first visit: the consent bar is there to decide on (the events wait for it).
test.use({ storageState: { cookies: [], origins: [] } });

const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@selection-${Math.floor(Math.random() * 1e9)}.example.com`;

/** The explorer's selection events in the data layer. */
const selectionEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter(
        (entry): entry is { event: string } =>
          !!entry && typeof entry === 'object' && String((entry as { event?: string }).event).startsWith('audience_'),
      )
      .map((entry) => JSON.parse(JSON.stringify(entry))),
  );

/** Presses a control from the keyboard: focus on it, then Enter (a link, a button, a summary). */
async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await control.page().keyboard.press(key);
}

/** Adds an audience of the explorer's table; answers its name and reach as the row shows them. */
async function add(row: Locator) {
  const button = row.getByRole('button', { name: /^Add to request: / });
  const [name, country] = (await button.getAttribute('aria-label'))!.replace('Add to request: ', '').split(', ');
  const reach = Number(await row.locator('data').getAttribute('value'));
  await press(button);
  await expect(row.getByRole('button', { name: `In your request: ${name}, ${country} (press to remove it)` })).toBeVisible();
  return { name: name!, country: country!, reach };
}

test(
  'audiences of two countries become one request, by keyboard alone: added, kept ' +
    'for the visit, removed, taken to the form and stored; events only after consent',
  async ({ page }) => {
    await answerGoogleTags(page);
    await openPage(page, '/en/?country=DE&topic=automotive#explorer');
    const explorer = page.locator('#explorer');
    const summary = explorer.getByRole('region', { name: 'Your audience request' });
    await expect(summary).toHaveCount(0);
    const rows = explorer.locator('tbody tr');

    const motorsportDe = await add(rows.filter({ hasText: 'SGM-DE-AUTO-MOTORSPORT-FANS' }));
    await expect(summary).toContainText('1 audience in your request');
    await expect(summary).toContainText(`(Motorsport fans, Germany)`);
    await expect(explorer.getByRole('status').last()).toHaveText('Motorsport fans, Germany, added to your request: 1 audience in all');
    // No consent yet: nothing measured.
    expect(await selectionEvents(page)).toEqual([]);

    await press(page.getByRole('button', { name: 'Accept all' }));
    const otherDe = await add(rows.filter({ hasNotText: 'MOTORSPORT-FANS' }).first());
    const country = explorer.getByLabel('Country');
    await country.focus();
    await page.keyboard.type('France');
    await expect(explorer.locator('caption')).toContainText('France');
    const motorsportFr = await add(rows.filter({ hasText: 'SGM-FR-AUTO-MOTORSPORT-FANS' }));
    await expect(summary).toContainText('3 audiences in your request');
    const largest = [motorsportDe, otherDe, motorsportFr].reduce((a, b) => (b.reach > a.reach ? b : a));
    await expect(summary).toContainText(`(${largest.name}, ${largest.country})`);
    expect(await selectionEvents(page)).toEqual([
      {
        event: 'audience_add',
        audience_id: expect.stringMatching(/^SGM-DE-AUTO-/),
        audience_name: otherDe.name,
        country: 'DE',
        topic: 'automotive',
      },
      {
        event: 'audience_add',
        audience_id: 'SGM-FR-AUTO-MOTORSPORT-FANS',
        audience_name: 'Motorsport fans',
        country: 'FR',
        topic: 'automotive',
      },
    ]);

    // Kept for the visit (sessionStorage, no cookie): a reload still has them.
    await page.reload();
    await expect(summary).toContainText('3 audiences in your request');
    expect(
      (await page.context().cookies())
        .map((cookie) => cookie.name)
        .filter((name) => !name.startsWith('segmentia_consent') && !name.startsWith('_ga')),
    ).toEqual([]);

    // Removed from the summary's list; the focus goes to the next audience's button.
    await press(summary.getByText('Show the 3 audiences'));
    await press(summary.getByRole('button', { name: `Remove ${otherDe.name}, Germany, from your request` }));
    await expect(summary).toContainText('2 audiences in your request');
    await expect(summary.getByRole('button', { name: 'Remove Motorsport fans, France, from your request' })).toBeFocused();

    await press(summary.getByRole('link', { name: 'Request these audiences' }));
    await expect(page).toHaveURL(/#contact$/);
    expect((await selectionEvents(page)).at(-1)).toEqual({
      event: 'audience_request',
      audience_count: 2,
      audience_ids: 'SGM-DE-AUTO-MOTORSPORT-FANS,SGM-FR-AUTO-MOTORSPORT-FANS',
      countries: 'DE,FR',
    });

    // The form lists them above its submit button, with the interest in Segmentia's solutions.
    const form = page.locator('#contact form');
    const requested = form.getByRole('group', { name: 'The 2 audiences you are requesting' });
    await expect(requested).toContainText('SGM-DE-AUTO-MOTORSPORT-FANS');
    await expect(requested).toContainText('SGM-FR-AUTO-MOTORSPORT-FANS');
    await expect(form.getByRole('heading', { name: 'The 2 audiences you are requesting' })).toBeVisible();
    await expect(form.getByLabel('Segmentia’s solutions')).toBeChecked();
    const submit = form.getByRole('button', { name: 'Request access' });
    expect((await requested.boundingBox())!.y).toBeLessThan((await submit.boundingBox())!.y);

    const email = uniqueEmail('selection');
    await fillRequiredFields(form, { email, agencyName: 'Northwind Media', contactName: 'Hannah Becker', language: 'en' });
    await press(submit);
    await expect(page.getByRole('heading', { name: 'Data sent' })).toBeFocused();
    const [lead] = await queryDatabase<{ interest: string; requested_audiences: { segmentId: string }[] }>(
      'SELECT interest, requested_audiences FROM contact_request WHERE email = $1',
      [email],
    );
    expect({ interest: lead!.interest, audiences: lead!.requested_audiences.map((audience) => audience.segmentId) }).toEqual({
      interest: 'SOLUTIONS',
      audiences: ['SGM-DE-AUTO-MOTORSPORT-FANS', 'SGM-FR-AUTO-MOTORSPORT-FANS'],
    });
    // Sent: the selection is done with.
    expect(await page.evaluate(() => sessionStorage.getItem('segmentia-audiences'))).toBeNull();
    await expect(summary).toHaveCount(0);
  },
);

test(
  'an audience the catalogue no longer has is refused and marked ' + 'in the visitor’s language; removed, the request is stored once',
  async ({ page }) => {
    // A selection kept from earlier in the visit, one of whose audiences has since left the catalogue.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('test.seeded')) return;
      sessionStorage.setItem('test.seeded', '1');
      const audience = (id: string, name: string) => ({
        country: 'DE',
        audience: id,
        segmentId: `SGM-DE-AUTO-${id.toUpperCase()}`,
        topic: 'automotive',
        name,
        locale: 'ES',
        reach: 100_000,
      });
      sessionStorage.setItem(
        'segmentia-audiences',
        JSON.stringify([audience('motorsport-fans', 'Aficionados al motor'), audience('steam-engines', 'Locomotoras de vapor')]),
      );
    });
    await openPage(page, '/#contact');
    const form = page.locator('#contact form');
    await expect(form.getByRole('heading', { name: 'Las 2 audiencias que solicitas' })).toBeVisible();
    const email = uniqueEmail('retired');
    await fillRequiredFields(form, { email, agencyName: 'Agencia Sur', contactName: 'Lucía Fernández' });
    await expect(form.getByLabel('Las soluciones de Segmentia')).toBeChecked();
    const submit = form.getByRole('button', { name: 'Solicitar acceso' });
    await press(submit);

    await expect(form.getByRole('alert')).toHaveText(
      'Algunas audiencias ya no están en nuestro catálogo: quita las marcadas y vuelve a enviar tu solicitud.',
    );
    const retired = form.getByRole('listitem').filter({ hasText: 'SGM-DE-AUTO-STEAM-ENGINES' });
    await expect(retired).toContainText('Ya no está en el catálogo: quítala para enviar tu solicitud.');
    expect(await queryDatabase('SELECT id FROM contact_request WHERE email = $1', [email])).toEqual([]);

    await press(retired.getByRole('button', { name: 'Quitar Locomotoras de vapor, Alemania, de tu solicitud' }));
    await expect(form.getByRole('heading', { name: 'La audiencia que solicitas' })).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await press(submit);
    await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeFocused();
    const rows = await queryDatabase<{ requested_audiences: { segmentId: string }[] }>(
      'SELECT requested_audiences FROM contact_request WHERE email = $1',
      [email],
    );
    expect(rows.map((row) => row.requested_audiences.map((audience) => audience.segmentId))).toEqual([['SGM-DE-AUTO-MOTORSPORT-FANS']]);
  },
);
