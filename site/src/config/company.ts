/**
 * The company behind the site, as the legal notice, the privacy policy, the
 * form's first-layer notice and the Organization data quote it. Each value is
 * a GATSBY_COMPANY_* setting (README, "Company data"); the defaults are
 * EXAMPLES, valid in form, to be replaced with the registry's real entry.
 * `companyProblems` checks them when the site is built.
 */
import { companyFrom, companySettingsOf } from '@segmentia/contracts/company';
import { BUILD_SETTINGS } from './build-settings';

export {
  type Company,
  companyFrom,
  companyProblems,
  isCompanyTaxId,
  localizedAddress,
  postalAddressOf,
  vatIdOf,
} from '@segmentia/contracts/company';

export const COMPANY = companyFrom(companySettingsOf(BUILD_SETTINGS));
