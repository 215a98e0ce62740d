import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { LOCALE_CODES } from '@segmentia/contracts/locales';
import { fillLegalValues, OMITTED, type Section, shownSections } from './legal-values';

const LOCALES_DIR = path.join(__dirname, '../../locales');
const read = (code: string, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, code, `${ns}.json`), 'utf8')) as { sections: Section[] };
const ADDRESS = 'Calle de Alcalá 123, 28009 Madrid, España';

/** The sections of `ns` in `code` as the page shows them with `values` (i18next interpolates them as the page does). */
async function shown(code: string, ns: string, values: Record<string, string>) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: code, resources: { [code]: { [ns]: read(code, ns) } }, interpolation: { escapeValue: false } });
  const filled = fillLegalValues({ address: ADDRESS, ...values }, '27 Nov 2026', code);
  return shownSections(i18n.t('sections', { ns, returnObjects: true, ...filled }) as Section[]);
}
const text = (sections: Section[]) => JSON.stringify(sections);

describe.each(LOCALE_CODES)('the legal texts in %s', (code) => {
  it('leave out the webhook processor, with its item, when no webhook is set, and name it when one is', async () => {
    const without = await shown(code, 'privacy', { webhookProcessor: '', emailProcessor: 'Mail Co' });
    const withWebhook = await shown(code, 'privacy', { webhookProcessor: 'Chat Co', emailProcessor: 'Mail Co' });
    expect(text(without)).not.toContain(OMITTED);
    expect(text(without)).not.toContain('Chat Co');
    expect(text(withWebhook)).toContain('Chat Co');
    const items = (sections: Section[]) => sections.find((section) => section.id === 'recipients-and-processors')!.items!.length;
    expect(items(withWebhook) - items(without)).toBe(1);
    // Every paragraph is shown either way: only an item quotes the webhook's processor.
    expect(without.map((section) => section.paragraphs.length)).toEqual(withWebhook.map((section) => section.paragraphs.length));
  });

  it('leave out the NIF-IVA line until the company has one, and show the address with its country in the language', async () => {
    const without = await shown(code, 'legal', { vatId: '' });
    const withVat = await shown(code, 'legal', { vatId: 'ES B88123450' });
    expect(text(without)).not.toContain(OMITTED);
    expect(text(withVat)).toContain('ES B88123450');
    const country = { es: 'España', en: 'Spain', de: 'Spanien', it: 'Spagna', fr: 'Espagne' }[code];
    expect(text(withVat)).toContain(`28009 Madrid, ${country}`);
  });
});
