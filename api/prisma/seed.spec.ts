import { COVERED_COUNTRIES, TOPIC_CODES } from '@segmentia/contracts/segments';
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
    const named = [
      ...AUDIENCES.flatMap((audience) => [audience.slug, ...Object.values(audience.names)]),
      ...TOPICS.flatMap((topic) => [...Object.values(topic.names), ...Object.values(topic.descriptions)]),
    ];
    expect(named.filter((name) => sensitive.test(name))).toEqual([]);
    // The topics' codes are in every segment id a seat shows (SGM-ES-WELLNESS-…).
    expect(Object.values(TOPIC_CODES).filter((code) => sensitive.test(code))).toEqual([]);
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
