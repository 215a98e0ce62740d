/**
 * Every setting the site's build reads, each read here once (docs/configuration.md lists them): Gatsby compiles a
 * `process.env.GATSBY_…` into the browser's code only where it is written out, so each stays spelled out below.
 * Unset: undefined; the modules that use them give the defaults (site.ts, company.ts, consent/config.ts).
 */
export const BUILD_SETTINGS = {
  GATSBY_SITE_URL: process.env.GATSBY_SITE_URL,
  GATSBY_API_URL: process.env.GATSBY_API_URL,
  GATSBY_LINKEDIN_URL: process.env.GATSBY_LINKEDIN_URL,
  GATSBY_TRADE_DESK_PARTNER: process.env.GATSBY_TRADE_DESK_PARTNER,
  GATSBY_GRAPHQL_IDE_URL: process.env.GATSBY_GRAPHQL_IDE_URL,
  GATSBY_FIREBASE_API_KEY: process.env.GATSBY_FIREBASE_API_KEY,
  GATSBY_FIREBASE_AUTH_DOMAIN: process.env.GATSBY_FIREBASE_AUTH_DOMAIN,
  GATSBY_FIREBASE_PROJECT_ID: process.env.GATSBY_FIREBASE_PROJECT_ID,
  GATSBY_FIREBASE_APP_ID: process.env.GATSBY_FIREBASE_APP_ID,
  GATSBY_FIREBASE_MEASUREMENT_ID: process.env.GATSBY_FIREBASE_MEASUREMENT_ID,
  GATSBY_FIREBASE_AUTH_EMULATOR_URL: process.env.GATSBY_FIREBASE_AUTH_EMULATOR_URL,
  GATSBY_GTM_ID: process.env.GATSBY_GTM_ID,
  GATSBY_CONSENT_EXPIRY_DAYS: process.env.GATSBY_CONSENT_EXPIRY_DAYS,
  // The company's data: COMPANY_VARIABLES in @segmentia/contracts/company, each spelled out.
  GATSBY_COMPANY_NAME: process.env.GATSBY_COMPANY_NAME,
  GATSBY_COMPANY_ADDRESS: process.env.GATSBY_COMPANY_ADDRESS,
  GATSBY_COMPANY_TAX_ID: process.env.GATSBY_COMPANY_TAX_ID,
  GATSBY_COMPANY_REGISTRY: process.env.GATSBY_COMPANY_REGISTRY,
  GATSBY_COMPANY_EMAIL: process.env.GATSBY_COMPANY_EMAIL,
  GATSBY_COMPANY_PRIVACY_EMAIL: process.env.GATSBY_COMPANY_PRIVACY_EMAIL,
  GATSBY_COMPANY_DPO_NAME: process.env.GATSBY_COMPANY_DPO_NAME,
  GATSBY_COMPANY_DPO_EMAIL: process.env.GATSBY_COMPANY_DPO_EMAIL,
  GATSBY_COMPANY_DATA_SOURCES: process.env.GATSBY_COMPANY_DATA_SOURCES,
  GATSBY_COMPANY_TCF_VENDOR_ID: process.env.GATSBY_COMPANY_TCF_VENDOR_ID,
  GATSBY_AUDIENCE_RETENTION_MONTHS: process.env.GATSBY_AUDIENCE_RETENTION_MONTHS,
  GATSBY_COMPANY_VAT_ID: process.env.GATSBY_COMPANY_VAT_ID,
  /** The API the build itself reads (gatsby-node, in Node.js; never in the browser's code, where it is undefined). */
  SITE_API_URL: process.env.SITE_API_URL,
};

/**
 * What gatsby-node compiles in for the browser (no settings: the build makes them): this build's id, the consent
 * texts' digest and the favicon as a data URL. Undefined outside a build (unit tests).
 */
export const COMPILED_IN = {
  GATSBY_BUILD_ID: process.env.GATSBY_BUILD_ID,
  GATSBY_CONSENT_TEXTS_DIGEST: process.env.GATSBY_CONSENT_TEXTS_DIGEST,
  GATSBY_FAVICON_URL: process.env.GATSBY_FAVICON_URL,
};
