import { leftovers, vocabularyOf } from './shown-text';

const vocabulary = vocabularyOf([
  { optOut: { intro: 'Nuestras audiencias…', find: { APPLE: { text: '…' } } }, erase: { done_one: 'Borrada', done_other: 'Borradas' } },
  { cookies: [{ name: 'segmentia.myDataToken' }, { name: '_gcl_au' }], title: 'Centro de privacidad', receiptText: 'Justificante' },
]);

describe('leftovers', () => {
  it('finds unfilled placeholders of i18next, of a single brace and of an email template', () => {
    expect(leftovers('…hasta {audienceRetentionMonths} meses: escríbenos a {{ privacyEmail }}.', vocabulary)).toEqual([
      '{audienceRetentionMonths}',
      '{{ privacyEmail }}',
    ]);
    expect(leftovers('Hola [[greeting]] $t(common:brand)', vocabulary)).toEqual(['[[greeting]]', '$t(', 'common:brand']);
  });

  it('finds a translation key shown in place of its text: a key path, a plural without its form, a camelCase key', () => {
    expect(leftovers('optOut.intro', vocabulary)).toEqual(['optOut.intro']);
    expect(leftovers('Listo: erase.done (2)', vocabulary)).toEqual(['erase.done']);
    expect(leftovers('privacy-center:optOut.find.APPLE.text', vocabulary)).toEqual(['privacy-center:optOut.find.APPLE.text']);
    expect(leftovers('receiptText', vocabulary)).toEqual(['receiptText']);
    expect(leftovers('sections.3.items.0', vocabulary)).toEqual(['sections.3.items.0']);
  });

  it('passes what the texts themselves write: addresses, domains, cookie names, sentences', () => {
    const shown = [
      'Escribe a privacidad@segmentia.es o visita www.aepd.es y policies.google.com/privacy?hl=es.',
      'segmentia.myDataToken · sessionStorage · _gcl_au · utm_source',
      'Art. 6.1.f RGPD, e.g. iOS 17, 16:05, title, 1.234,5 mil.',
    ].join('\n');
    expect(leftovers(shown, vocabulary)).toEqual([]);
  });
});
