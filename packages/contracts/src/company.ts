/**
 * The company behind the site, as the legal notice, the privacy policy, the
 * form's first-layer notice, the Organization data and the confirmation email
 * quote it. Each value is a GATSBY_COMPANY_* setting (README, "Company data"),
 * read by the site's build and by the API; the defaults are EXAMPLES, valid in
 * form, to be replaced with the registry's real entry. `companyProblems`
 * checks them when the site is built; `exampleCompanySettings` names those a
 * public build (the API in production, `npm run prod`, the web image) would
 * publish at their example, and such a build stops unless
 * PUBLISH_EXAMPLE_COMPANY=true says the examples are meant (demos, tests).
 */
import { EMAIL_PATTERN } from './contact';

export interface Company {
  companyName: string;
  /** Street, postal code, city, country. */
  address: string;
  /** The Spanish NIF of a company (CIF): letter, seven digits, check character; no hyphen. */
  taxId: string;
  /** The Registro Mercantil entry: tomo, folio, sección, hoja and inscripción. */
  registry: string;
  email: string;
  privacyEmail: string;
  /** The data protection officer (a person or a firm) and their address. */
  dpoName: string;
  dpoEmail: string;
  /** The data partners the audiences' advertising identifiers come from, as the audiences' privacy notice names them. */
  dataSources: string;
  /** Segmentia's vendor ID in the IAB Transparency & Consent Framework (the partners' consent names it). */
  tcfVendorId: string;
  /** Months an advertising identifier stays in the audiences after its last signal (the audiences' privacy notice). */
  audienceRetentionMonths: number;
  /** The intra-community VAT number (NIF-IVA) as registered in the ROI (VIES); empty when the company is not registered. */
  vatId: string;
}

/** The GATSBY_COMPANY_* settings (and GATSBY_AUDIENCE_RETENTION_MONTHS), unset ones undefined. */
export interface CompanySettings {
  name?: string;
  address?: string;
  taxId?: string;
  registry?: string;
  email?: string;
  privacyEmail?: string;
  dpoName?: string;
  dpoEmail?: string;
  dataSources?: string;
  tcfVendorId?: string;
  audienceRetentionMonths?: string;
  /** The NIF-IVA as registered in the ROI (VIES), or "none" when the company is not registered. */
  vatId?: string;
}

/** Each company setting's variable. */
export const COMPANY_VARIABLES: Record<keyof CompanySettings, string> = {
  name: 'GATSBY_COMPANY_NAME',
  address: 'GATSBY_COMPANY_ADDRESS',
  taxId: 'GATSBY_COMPANY_TAX_ID',
  registry: 'GATSBY_COMPANY_REGISTRY',
  email: 'GATSBY_COMPANY_EMAIL',
  privacyEmail: 'GATSBY_COMPANY_PRIVACY_EMAIL',
  dpoName: 'GATSBY_COMPANY_DPO_NAME',
  dpoEmail: 'GATSBY_COMPANY_DPO_EMAIL',
  dataSources: 'GATSBY_COMPANY_DATA_SOURCES',
  tcfVendorId: 'GATSBY_COMPANY_TCF_VENDOR_ID',
  audienceRetentionMonths: 'GATSBY_AUDIENCE_RETENTION_MONTHS',
  vatId: 'GATSBY_COMPANY_VAT_ID',
};

/** What an unset setting falls back to: EXAMPLES, valid in form, that only the company can replace. */
export const EXAMPLE_COMPANY = {
  name: 'Segmentia Data, S.L.',
  address: 'Calle de Alcalá 123, 28009 Madrid, España',
  taxId: 'B88123450',
  registry: 'Registro Mercantil de Madrid, tomo 41.250, folio 112, sección 8.ª, hoja M-731204, inscripción 1.ª',
  email: 'hola@segmentia.es',
  privacyEmail: 'privacidad@segmentia.es',
  dpoName: 'Ana Martín Ortega',
  dpoEmail: 'dpo@segmentia.es',
  // Names only, comma-separated: the texts of every language say what the partners are.
  dataSources: 'Example Mobile Data Ltd, Example Media S.A.',
  tcfVendorId: '9999',
} satisfies Required<Omit<CompanySettings, 'audienceRetentionMonths' | 'vatId'>>;

/** The LinkedIn page the footer links to until GATSBY_LINKEDIN_URL names the company's own. */
export const EXAMPLE_LINKEDIN_URL = 'https://www.linkedin.com/company/segmentia';

/**
 * Settings the site publishes that only the company can decide, with no example a public build may publish:
 * unset (or at the example shown), a release build of the site stops as it does for the company data.
 * GATSBY_AUDIENCE_RETENTION_MONTHS: the audiences' retention the policy states (13 in a demo);
 * GATSBY_COMPANY_VAT_ID: the NIF-IVA once its ROI (VIES) registration is confirmed, or "none";
 * GATSBY_LINKEDIN_URL: the footer's LinkedIn page.
 */
export const SITE_DECISIONS: Record<string, string | undefined> = {
  GATSBY_AUDIENCE_RETENTION_MONTHS: undefined,
  GATSBY_COMPANY_VAT_ID: undefined,
  GATSBY_LINKEDIN_URL: EXAMPLE_LINKEDIN_URL,
};

/** The SITE_DECISIONS still undecided in `env`, in order. */
export const siteDecisionsLeft = (env: Record<string, string | undefined>) =>
  Object.entries(SITE_DECISIONS)
    .filter(([variable, example]) => !env[variable]?.trim() || env[variable]!.trim() === example)
    .map(([variable]) => variable);

/** Reads the settings from an environment (the API's; the site's build spells each `process.env.GATSBY_…` out for Gatsby). */
export const companySettingsOf = (env: Record<string, string | undefined>): CompanySettings =>
  Object.fromEntries(Object.entries(COMPANY_VARIABLES).map(([key, variable]) => [key, env[variable]]));

const taxIdOf = (values: CompanySettings) => (values.taxId || EXAMPLE_COMPANY.taxId).replace(/[\s.-]/g, '').toUpperCase();

export function companyFrom(values: CompanySettings): Company {
  const value = (key: keyof typeof EXAMPLE_COMPANY) => values[key] || EXAMPLE_COMPANY[key];
  return {
    companyName: value('name'),
    address: value('address'),
    taxId: taxIdOf(values),
    registry: value('registry'),
    email: value('email'),
    privacyEmail: value('privacyEmail'),
    dpoName: value('dpoName'),
    dpoEmail: value('dpoEmail'),
    dataSources: value('dataSources'),
    tcfVendorId: value('tcfVendorId'),
    audienceRetentionMonths: Number(values.audienceRetentionMonths || 13),
    vatId:
      values.vatId?.trim().toLowerCase() === 'none' ? '' : (values.vatId?.replace(/[\s.-]/g, '').toUpperCase() ?? `ES${taxIdOf(values)}`),
  };
}

/**
 * The variables of the settings among `keys` that are unset or still at their
 * example, in order: what a public build must not publish.
 */
export function exampleCompanySettings(
  values: CompanySettings,
  keys: readonly (keyof typeof EXAMPLE_COMPANY)[] = Object.keys(EXAMPLE_COMPANY) as (keyof typeof EXAMPLE_COMPANY)[],
): string[] {
  return keys.filter((key) => !values[key]?.trim() || values[key]!.trim() === EXAMPLE_COMPANY[key]).map((key) => COMPANY_VARIABLES[key]);
}

const exampleCompanyMessage = (variables: string[]) =>
  `The company's data are still the examples, which a public site must not publish (README, "Company data"): set ` +
  `${variables.join(', ')} to the company's real values, or PUBLISH_EXAMPLE_COMPANY=true for a demo or a test.`;

/** The intra-community VAT number (NIF-IVA: ES and the NIF, once registered in the ROI), or '' when there is none. */
export const vatIdOf = (company: Company) => company.vatId;

/** The address with its country in `language` ("…, 28009 Madrid, España" reads "…, Spain" in English). */
export function localizedAddress(address: string, language: string): string {
  const country = new Intl.DisplayNames([language], { type: 'region' }).of('ES');
  return country ? address.replace(/,\s*España\s*$/u, `, ${country}`) : address;
}

/** The address as schema.org's PostalAddress: "Street 1, 28009 City, Country" (the form the setting asks for). */
export function postalAddressOf(address: string) {
  const [street, place] = address.split(',').map((part) => part.trim());
  const [, postalCode, locality] = /^(\d{5})\s+(.+)$/.exec(place ?? '') ?? [];
  return { '@type': 'PostalAddress', streetAddress: street, postalCode, addressLocality: locality, addressCountry: 'ES' };
}

/**
 * Whether a Spanish company NIF (formerly CIF) is well formed and its check
 * character right: the organisation letter, seven digits, and a digit or
 * letter computed from them (Orden EHA/451/2008).
 */
export function isCompanyTaxId(taxId: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(taxId);
  if (!match) return false;
  const [, letter, digits, check] = match as unknown as [string, string, string, string];
  let sum = 0;
  [...digits].forEach((digit, index) => {
    const value = Number(digit);
    if (index % 2 === 1) sum += value;
    else sum += Math.floor((value * 2) / 10) + ((value * 2) % 10);
  });
  const control = (10 - (sum % 10)) % 10;
  const asLetter = 'JABCDEFGHI'[control]!;
  // Companies (A, B, E, H) end in a digit; public bodies and foreign entities (N, P, Q, R, S, W) in a letter; the others in either.
  if ('ABEH'.includes(letter)) return check === String(control);
  if ('NPQRSW'.includes(letter)) return check === asLetter;
  return check === String(control) || check === asLetter;
}

const REGISTRY_PARTS = ['tomo', 'folio', 'sección', 'hoja', 'inscripción'];

/** What is wrong with the company's data, each problem naming the setting to fix; empty when all is well. */
export function companyProblems(company: Company): string[] {
  const problems: string[] = [];
  if (!isCompanyTaxId(company.taxId)) {
    problems.push(
      `GATSBY_COMPANY_TAX_ID "${company.taxId}" is not a valid Spanish company ` +
        `NIF (a letter, seven digits and the right check character, e.g. B88123450)`,
    );
  }
  const registry = company.registry.toLowerCase();
  const missing = REGISTRY_PARTS.filter((part) => !new RegExp(`\\b${part}\\s+\\S*\\d`, 'u').test(registry));
  if (!/registro mercantil de \S/.test(registry) || missing.length) {
    problems.push(
      `GATSBY_COMPANY_REGISTRY must read "Registro Mercantil de <city>, tomo …, folio …, sección ` +
        `…, hoja …, inscripción …"${missing.length ? `; missing: ${missing.join(', ')}` : ''}`,
    );
  }
  for (const [key, variable] of [
    ['email', 'GATSBY_COMPANY_EMAIL'],
    ['privacyEmail', 'GATSBY_COMPANY_PRIVACY_EMAIL'],
    ['dpoEmail', 'GATSBY_COMPANY_DPO_EMAIL'],
  ] as const) {
    if (!EMAIL_PATTERN.test(company[key])) problems.push(`${variable} "${company[key]}" is not an email address`);
  }
  if (company.vatId && company.vatId !== `ES${company.taxId}`) {
    problems.push(`GATSBY_COMPANY_VAT_ID "${company.vatId}" must be ES and the NIF (ES${company.taxId}) as registered in the ROI, or none`);
  }
  if (!postalAddressOf(company.address).postalCode) {
    problems.push(`GATSBY_COMPANY_ADDRESS "${company.address}" must read "<street and number>, <postal code> <city>, España"`);
  }
  if (!Number.isInteger(company.audienceRetentionMonths) || company.audienceRetentionMonths < 1 || company.audienceRetentionMonths > 36) {
    problems.push('GATSBY_AUDIENCE_RETENTION_MONTHS must be a whole number of months from 1 to 36');
  }
  return problems;
}

/**
 * Why a public build (the API in production, `npm run prod`, the web image)
 * must stop: the settings among `keys` left at their example, named; undefined
 * when there are none or PUBLISH_EXAMPLE_COMPANY=true says the examples are
 * meant (a demo, a test).
 */
export function examplesToPublish(env: Record<string, string | undefined>, keys?: Parameters<typeof exampleCompanySettings>[1]) {
  if (env.PUBLISH_EXAMPLE_COMPANY === 'true') return undefined;
  // The site's build (no keys: everything it publishes) also needs the company's own decisions.
  const variables = [...exampleCompanySettings(companySettingsOf(env), keys), ...(keys ? [] : siteDecisionsLeft(env))];
  return variables.length ? exampleCompanyMessage(variables) : undefined;
}

/** Days the web server's access logs (addresses truncated) are kept: the privacy policy says so, `npm run prod` deletes older ones. */
export const LOG_RETENTION_DAYS = 14;
