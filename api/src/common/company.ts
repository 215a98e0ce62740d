/**
 * The company behind the site, as the legal notice, the privacy policy, the
 * form's first-layer notice, the Organization data and the confirmation email
 * quote it. Each value is a GATSBY_COMPANY_* setting (README, "Company data"),
 * read by the site's build and by the API; the defaults are EXAMPLES, valid in
 * form, to be replaced with the registry's real entry. The site checks them
 * when it is built (site/src/config/company.ts).
 */
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
