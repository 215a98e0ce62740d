import { COVERED_COUNTRIES, currentTopic, TOPIC_CODES } from '@segmentia/contracts/segments';
import { affinity, reach } from './seed';
import { AUDIENCES, COUNTRIES, LOCALES, TOPICS } from './seed/catalog';

describe('the seed catalog', () => {
  it('covers the 27 countries and 9 topics of the product, with 12+ audiences per topic', () => {
    expect(COUNTRIES.map((country) => country.code).join(' ')).toBe(
      'ES PT FR IT DE AT CH BE NL LU IE GB DK SE NO FI PL CZ HU RO GR TR AE SA IL ZA MA',
    );
    expect(TOPICS).toHaveLength(9);
    // The contracts' tables (segment ids, the fit score's coverage) are this catalogue's.
    expect(COUNTRIES.map((country) => country.code)).toEqual(COVERED_COUNTRIES);
    expect(TOPICS.map((topic) => topic.slug)).toEqual(Object.keys(TOPIC_CODES));
    for (const topic of TOPICS) {
      expect(AUDIENCES.filter((audience) => audience.topic === topic.slug).length).toBeGreaterThanOrEqual(12);
    }
    expect(new Set(AUDIENCES.map((audience) => audience.slug)).size).toBe(AUDIENCES.length);
  });

  it('offers interests, never a health condition, a pregnancy, a baby or another special category (GDPR art. 9)', () => {
    // Words that reveal or suggest a special category (art. 9 GDPR: health, pregnancy and babies, diet tied to belief,
    // religion, politics, sexuality; CJEU C-21/23 on purchases of health products), in the five languages.
    const sensitive = new RegExp(
      [
        'health|salud|gesundheit|salute|santé|sanitar|medic|pharmac|farmac|apothek|drug|droga|arznei|médicament',
        'illness|disease|enfermedad|krank|malatt|maladie|diabet|cancer|cáncer|krebs|allerg|alergi|therap|terap|patient|pacient|paziente',
        'weight|perder peso|abnehm|dimagr|minceur|diet|dental|zahn|dentist|sleep-seekers|dormir mejor|que cuidan su salud',
        // Fibre optics is broadband, not eyesight; a Konsolenspieler plays on a console.
        '(?<!fibra |fiber |fibre )(optic|óptic|ottic)|lentill|\\blens|linse|lenti\\b|brille|occhial|lunette|gafas',
        'vitamin|suplement|supplement|nahrungserg|integrator|complément',
        'pregnan|embaraz|schwanger|incinta|gravidanza|enceinte|grossesse|expectant|futuros padres|werdende|maternity|maternidad',
        'baby|babies|bebé|bébé|infant|infanc|neonat|bambin|puéricult|nourrisson|säugling|kleinkind',
        'vegan|végan|vegetar|végétar|halal|kosher|casher|koscher',
        'religi|church|iglesia|kirche|chiesa|église|faith|muslim|musulm|christ|cristian|jewish|judí|jüd|ebrai|juif|buddh|budis|hindu',
        'politic|polític|politik|politique|partido|partei|partito|parti |election|elecci|wahl|elezion|élection',
        'trade union|sindica|gewerkschaft|syndica',
        'sexual|sexuel|lgbt|gay|lesbian|lesbi|queer|dating|citas|partnersuche|incontri|rencontre',
        'ethnic|étnic|ethnisch|etnic|ethnique|racial|migrant|genetic|genétic|genetisch|génétique|biometric',
      ].join('|'),
      'i',
    );
    // Topic ids too: they are in the explorer's links (?topic=…) and the analytics events.
    const named = [
      ...AUDIENCES.flatMap((audience) => [audience.slug, ...Object.values(audience.names)]),
      ...TOPICS.flatMap((topic) => [topic.slug, ...Object.values(topic.names), ...Object.values(topic.descriptions)]),
    ];
    expect(named.filter((name) => sensitive.test(name))).toEqual([]);
    // The topics' codes are in every segment id a seat shows (SGM-ES-WELLNESS-…).
    expect(Object.values(TOPIC_CODES).filter((code) => sensitive.test(code))).toEqual([]);
  });

  it('opens an old link to a renamed topic on the topic, and no topic keeps an old id', () => {
    const slugs = TOPICS.map((topic) => topic.slug);
    expect(currentTopic('health-wellness')).toBe('wellness-active-living');
    expect(slugs).toContain(currentTopic('health-wellness'));
    expect(slugs).not.toContain('health-wellness');
    expect(TOPICS.find((topic) => topic.slug === 'wellness-active-living')?.icon).toBe('Bike');
    // Family leisure is entertainment, not wellness.
    expect(AUDIENCES.find((audience) => audience.slug === 'family-leisure-interest')?.topic).toBe('entertainment-media');
  });

  it('offers no audience of people seeking consumer credit (docs/decisions/financial-distress-audiences.md)', () => {
    // Personal loans, credit cards, quick or payday credit and debt: proxies of financial distress, in the five languages.
    const credit = new RegExp(
      [
        'loan|préstamo|darlehen|ratenkredit|kleinkredit|prestito|prêt(?! immobilier)|microcr|minicr|payday|quick cash',
        'credit[- ]card|tarjetas? de crédito|kreditkarte|carta di credito|carte de crédit|revolving|crédito rápido|schnellkredit',
        'debt|deuda|schulden|debiti|dette|overdraft|descubierto|dispo|scoperto|découvert|financiación al consumo|consumer credit',
      ].join('|'),
      'i',
    );
    const named = AUDIENCES.flatMap((audience) => [audience.slug, ...Object.values(audience.names)]);
    expect(named.filter((name) => credit.test(name))).toEqual([]);
  });

  // docs/decisions/minors-in-audiences.md
  it('builds no audience of minors: a name that could take in under-18s says 18+ in every language', () => {
    const minors = new RegExp(
      [
        'teen|adolesc|kid|child|niñ|kinder|jugendlich|minderjährig|bambin|ragazz|enfant',
        'student|estudiant|schüler|alumn|scolar|junior|minor|menor',
      ].join('|'),
      'i',
    );
    const names = AUDIENCES.flatMap((audience) => Object.values(audience.names));
    expect(names.filter((name) => minors.test(name))).toEqual([]);
    // Novice drivers: learners drive at 17 in GB and, accompanied, in DE and AT.
    const young = /young|joven|jóvenes|jung|giovan|jeune|novel|new driver|fahranfänger|neopatentat/i;
    const floor = { es: '(18+)', en: '(18+)', de: '(18+)', it: '(18+)', fr: '(18 ans et plus)' };
    const unfloored = AUDIENCES.filter((audience) => Object.values(audience.names).some((name) => young.test(name))).flatMap((audience) =>
      LOCALES.filter((locale) => !audience.names[locale].endsWith(floor[locale])).map((locale) => `${audience.slug} ${locale}`),
    );
    expect(unfloored).toEqual([]);
    expect(AUDIENCES.find((audience) => audience.slug === 'young-drivers')?.names.en).toBe('New drivers (18+)');
  });

  it('names each audience as people, one pattern per language: no "Buscadores de", no "Interés en …"', () => {
    // Person nouns ("Interesados en fibra óptica", "Runners"), not an interest or a search ("Interés en…", "In cerca di…");
    // "Buscadores" reads as search engines; "Umzügler" is colloquial.
    const notPeople: Record<(typeof LOCALES)[number], RegExp> = {
      es: /^(Buscador|Interés\b|En |Con |Para |Por )|Buscadores de/,
      en: /^(Interest\b|In |For |With |Looking)/,
      de: /^(Interesse\b|Auf |Im |In |Für |Mit )|Umzügler/,
      it: /^(Interesse\b|In |Chi |Per |Con )/,
      fr: /^(Intérêt\b|En |Pour |Avec |À )/,
    };
    const wrong = AUDIENCES.flatMap((audience) =>
      LOCALES.filter((locale) => notPeople[locale].test(audience.names[locale])).map((locale) => audience.names[locale]),
    );
    expect(wrong).toEqual([]);
  });

  it('names everything in the five languages', () => {
    for (const item of [...COUNTRIES, ...TOPICS, ...AUDIENCES]) {
      for (const locale of LOCALES) expect(item.names[locale].trim()).not.toBe('');
    }
    for (const locale of LOCALES) {
      expect(new Set(AUDIENCES.map((audience) => audience.names[locale])).size).toBe(AUDIENCES.length);
    }
    // French typography, as on the site's pages: a no-break space before : ; ? ! and curly apostrophes.
    const french = [...COUNTRIES, ...TOPICS, ...AUDIENCES].flatMap((item) => [
      item.names.fr,
      ...('descriptions' in item ? [item.descriptions.fr] : []),
    ]);
    expect(french.filter((text) => / [:;?!]|'/.test(text))).toEqual([]);
  });
});

describe('reach', () => {
  it('varies by country and audience within [0.6, 1.4]', () => {
    const factors = COUNTRIES.flatMap((country) => AUDIENCES.map((audience) => affinity(country.code, audience.slug)));
    expect(Math.min(...factors)).toBeGreaterThanOrEqual(0.6);
    expect(Math.max(...factors)).toBeLessThan(1.4);
    expect(new Set(factors.map((factor) => factor.toFixed(2))).size).toBeGreaterThan(50);
  });

  it('gives each pair the same factor on every run and machine: these values are part of the seeded data', () => {
    // Computed once, outside this code (FNV-1a of "country:audience" in Python), and written down: a seed that
    // became random, or a changed hash, would change every audience's reach in existing databases.
    expect(affinity('ES', 'ev-intenders')).toBeCloseTo(0.79112, 12);
    expect(affinity('DE', 'tech-news-readers')).toBeCloseTo(1.10088, 12);
    expect(affinity('MA', 'cloud-saas-buyers')).toBeCloseTo(1.18768, 12);
    expect(affinity('FI', 'software-developers')).toBeCloseTo(1.07752, 12);
  });

  it('is rounded to the hundred and never exceeds the online population', () => {
    expect(reach(1_000_000, 0.05, 1.2)).toBe(60_000);
    expect(reach(1_000_000, 0.0512345, 1)).toBe(51_200);
    expect(reach(500, 0.9, 1.39)).toBe(500);
  });
});
