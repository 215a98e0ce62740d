/**
 * The company behind the site, as the legal notice, the privacy policy, the
 * form's first-layer notice, the Organization data and the confirmation email
 * quote it. Each value is a GATSBY_COMPANY_* setting (README, "Company data"),
 * read by the site's build and by the API; the defaults are EXAMPLES, valid in
 * form, to be replaced with the registry's real entry. `companyProblems`
 * checks them when the site is built.
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
  /** Months an advertising identifier stays in the audiences after its last signal (the audiences' privacy notice). */
  audienceRetentionMonths: number;
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
  audienceRetentionMonths?: string;
}

/** Reads the settings from an environment (the API's; the site's build spells each `process.env.GATSBY_…` out for Gatsby). */
export const companySettingsOf = (env: Record<string, string | undefined>): CompanySettings => ({
  name: env.GATSBY_COMPANY_NAME,
  address: env.GATSBY_COMPANY_ADDRESS,
  taxId: env.GATSBY_COMPANY_TAX_ID,
  registry: env.GATSBY_COMPANY_REGISTRY,
  email: env.GATSBY_COMPANY_EMAIL,
  privacyEmail: env.GATSBY_COMPANY_PRIVACY_EMAIL,
  dpoName: env.GATSBY_COMPANY_DPO_NAME,
  dpoEmail: env.GATSBY_COMPANY_DPO_EMAIL,
  audienceRetentionMonths: env.GATSBY_AUDIENCE_RETENTION_MONTHS,
});

export function companyFrom(values: CompanySettings): Company {
  return {
    companyName: values.name || 'Segmentia Data, S.L.',
    address: values.address || 'Calle de Alcalá 123, 28009 Madrid, España',
    taxId: (values.taxId || 'B88123450').replace(/[\s.-]/g, '').toUpperCase(),
    registry: values.registry || 'Registro Mercantil de Madrid, tomo 41.250, folio 112, sección 8.ª, hoja M-731204, inscripción 1.ª',
    email: values.email || 'hola@segmentia.es',
    privacyEmail: values.privacyEmail || 'privacidad@segmentia.es',
    dpoName: values.dpoName || 'Ana Martín Ortega',
    dpoEmail: values.dpoEmail || 'dpo@segmentia.es',
    audienceRetentionMonths: Number(values.audienceRetentionMonths || 13),
  };
}

/** The intra-community VAT number of a Spanish company: ES and its NIF. */
export const vatIdOf = (company: Company) => `ES${company.taxId}`;

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
  if (!postalAddressOf(company.address).postalCode) {
    problems.push(`GATSBY_COMPANY_ADDRESS "${company.address}" must read "<street and number>, <postal code> <city>, España"`);
  }
  if (!Number.isInteger(company.audienceRetentionMonths) || company.audienceRetentionMonths < 1 || company.audienceRetentionMonths > 36) {
    problems.push('GATSBY_AUDIENCE_RETENTION_MONTHS must be a whole number of months from 1 to 36');
  }
  return problems;
}
