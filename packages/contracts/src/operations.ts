/**
 * The operations the site sends (site/src/features/api/operations.graphql) and the staff page sends
 * (site/src/features/staff/operations.graphql), by name: the API's metrics name each of them from the start, so that
 * no run of client-chosen names can push them into "other". The site's operations.spec keeps these lists and the
 * files the same.
 */
export const SITE_OPERATIONS = [
  'Audiences',
  'CheckEmail',
  'ContactChallenge',
  'CountryAudiences',
  'EraseMyRequestData',
  'MyRequestData',
  'ObjectToAudiences',
  'OptOutOfAudiences',
  'RecordConsent',
  'RequestMyDataLink',
  'SearchAudiences',
  'SubmitContactRequest',
] as const;

export const STAFF_OPERATIONS = [
  'AnswerAudienceObjection',
  'EraseLead',
  'Lead',
  'LeadInsights',
  'Leads',
  'LeadsCsv',
  'PrivacyCenter',
  'SelfServiceErasures',
  'UpdateLeadStatus',
] as const;
