import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  COMPANY_VARIABLES,
  EXAMPLE_COMPANY,
  companyFrom,
  companyProblems,
  companySettingsOf,
  exampleCompanySettings,
  examplesToPublish,
  isCompanyTaxId,
  localizedAddress,
  postalAddressOf,
  vatIdOf,
} from './company';

const COMPANY = companyFrom({});

describe('the company data', () => {
  it('shipped as examples, are valid, and the VAT id follows from the NIF', () => {
    expect(companyProblems(COMPANY)).toEqual([]);
    expect(vatIdOf(COMPANY)).toBe(`ES${COMPANY.taxId}`);
    expect(postalAddressOf(COMPANY.address)).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Calle de Alcalá 123',
      postalCode: '28009',
      addressLocality: 'Madrid',
      addressCountry: 'ES',
    });
  });

  it.each([
    ['B88123450', true],
    ['B-88123450', false],
    ['B88123456', false],
    ['A58818501', true],
    ['Q2826000H', true],
    ['Q2826000A', false],
    ['X1234567L', false],
  ])('NIF %s is valid: %s', (taxId, valid) => {
    expect(isCompanyTaxId(taxId)).toBe(valid);
  });

  it('names the setting to fix: a wrong check digit, a registry entry without sección or inscripción', () => {
    const problems = companyProblems(
      companyFrom({
        taxId: 'B-88123456',
        registry: 'Registro Mercantil de Madrid, tomo 41.250, folio 112, hoja M-731204',
        privacyEmail: 'privacidad',
      } as Parameters<typeof companyFrom>[0]),
    );
    expect(problems).toEqual([
      expect.stringContaining('GATSBY_COMPANY_TAX_ID "B88123456" is not a valid Spanish company NIF'),
      expect.stringMatching(/^GATSBY_COMPANY_REGISTRY .*missing: sección, inscripción$/),
      expect.stringContaining('GATSBY_COMPANY_PRIVACY_EMAIL'),
    ]);
  });

  it('names every setting a public build would publish at its example: unset, blank or equal to it', () => {
    const real = Object.fromEntries(Object.keys(EXAMPLE_COMPANY).map((key) => [COMPANY_VARIABLES[key as 'name'], `real ${key}`]));
    expect(exampleCompanySettings(companySettingsOf(real))).toEqual([]);
    const settings = companySettingsOf({
      ...real,
      GATSBY_COMPANY_TAX_ID: undefined,
      GATSBY_COMPANY_DPO_NAME: ' ',
      GATSBY_COMPANY_REGISTRY: EXAMPLE_COMPANY.registry,
    });
    expect(exampleCompanySettings(settings)).toEqual(['GATSBY_COMPANY_TAX_ID', 'GATSBY_COMPANY_REGISTRY', 'GATSBY_COMPANY_DPO_NAME']);
    // Only the keys asked about (the API publishes a few of them).
    expect(exampleCompanySettings(settings, ['name', 'taxId'])).toEqual(['GATSBY_COMPANY_TAX_ID']);
    expect(exampleCompanySettings({})).toHaveLength(Object.keys(EXAMPLE_COMPANY).length);
  });

  it('stops a public build with a message naming each example, unless the examples are meant', () => {
    expect(examplesToPublish({ GATSBY_COMPANY_NAME: 'Real, S.L.' }, ['name', 'taxId'])).toMatch(
      /^The company's data are still the examples.*: set GATSBY_COMPANY_TAX_ID to the company's real values, or PUBLISH_EXAMPLE/,
    );
    expect(examplesToPublish({ PUBLISH_EXAMPLE_COMPANY: 'true' })).toBeUndefined();
    expect(examplesToPublish({ PUBLISH_EXAMPLE_COMPANY: 'yes' })).toContain('GATSBY_COMPANY_DPO_NAME');
  });

  it('reach the browser: the site spells out every setting, as Gatsby inlines only `process.env.GATSBY_…` written out', () => {
    const site = readFileSync(path.join(__dirname, '../../../site/src/config/build-settings.ts'), 'utf8');
    for (const variable of Object.values(COMPANY_VARIABLES))
      expect({ variable, spelled: site.includes(`process.env.${variable}`) }).toEqual({ variable, spelled: true });
  });

  it("stops the site's public build until the company has decided what only it can: audience retention, NIF-IVA, LinkedIn", () => {
    const real = Object.fromEntries(Object.keys(EXAMPLE_COMPANY).map((key) => [COMPANY_VARIABLES[key as 'name'], `real ${key}`]));
    expect(examplesToPublish(real)).toMatch(
      /set GATSBY_AUDIENCE_RETENTION_MONTHS, GATSBY_COMPANY_VAT_ID, GATSBY_LINKEDIN_URL to the company's real values/,
    );
    const decided = { GATSBY_AUDIENCE_RETENTION_MONTHS: '13', GATSBY_COMPANY_VAT_ID: 'none' };
    expect(examplesToPublish({ ...real, ...decided, GATSBY_LINKEDIN_URL: 'https://www.linkedin.com/company/segmentia' })).toMatch(
      /set GATSBY_LINKEDIN_URL to/,
    );
    expect(examplesToPublish({ ...real, ...decided, GATSBY_LINKEDIN_URL: 'https://www.linkedin.com/company/real' })).toBeUndefined();
    // The API publishes none of them: it asks about its own keys only.
    expect(examplesToPublish(real, ['name', 'taxId'])).toBeUndefined();
  });

  it('shows the NIF-IVA only once the company gives it (none: no line), and checks it is ES and the NIF', () => {
    expect(vatIdOf(companyFrom({ vatId: 'none' }))).toBe('');
    expect(vatIdOf(companyFrom({ vatId: 'es b88123450' }))).toBe('ESB88123450');
    expect(companyProblems(companyFrom({ vatId: 'ES B88123450' }))).toEqual([]);
    expect(companyProblems(companyFrom({ vatId: 'ESA00000000' }))).toEqual([
      expect.stringContaining('GATSBY_COMPANY_VAT_ID "ESA00000000"'),
    ]);
  });

  it('writes the address with its country in the language of the page', () => {
    const address = 'Calle de Alcalá 123, 28009 Madrid, España';
    expect(['es', 'en', 'de', 'it', 'fr'].map((language) => localizedAddress(address, language).split(', ').at(-1))).toEqual([
      'España',
      'Spain',
      'Spanien',
      'Spagna',
      'Espagne',
    ]);
  });
});
