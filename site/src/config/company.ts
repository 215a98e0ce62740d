/**
 * The company behind the site, as the legal notice, the privacy policy, the
 * form's first-layer notice and the Organization data quote it. Each value is
 * a GATSBY_COMPANY_* setting (README, "Company data"); the defaults are
 * EXAMPLES, valid in form, to be replaced with the registry's real entry.
 * `companyProblems` checks them when the site is built.
 */
import { type CompanySettings, companyFrom } from '@segmentia/contracts/company';

export {
  type Company,
  companyFrom,
  companyProblems,
  isCompanyTaxId,
  localizedAddress,
  postalAddressOf,
  vatIdOf,
} from '@segmentia/contracts/company';

// Spelled out: Gatsby replaces each `process.env.GATSBY_…` in the browser's code.
const env: CompanySettings = {
  name: process.env.GATSBY_COMPANY_NAME,
  address: process.env.GATSBY_COMPANY_ADDRESS,
  taxId: process.env.GATSBY_COMPANY_TAX_ID,
  registry: process.env.GATSBY_COMPANY_REGISTRY,
  email: process.env.GATSBY_COMPANY_EMAIL,
  privacyEmail: process.env.GATSBY_COMPANY_PRIVACY_EMAIL,
  dpoName: process.env.GATSBY_COMPANY_DPO_NAME,
  dpoEmail: process.env.GATSBY_COMPANY_DPO_EMAIL,
  dataSources: process.env.GATSBY_COMPANY_DATA_SOURCES,
  tcfVendorId: process.env.GATSBY_COMPANY_TCF_VENDOR_ID,
  audienceRetentionMonths: process.env.GATSBY_AUDIENCE_RETENTION_MONTHS,
  vatId: process.env.GATSBY_COMPANY_VAT_ID,
};

export const COMPANY = companyFrom(env);
