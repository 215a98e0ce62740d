/** What a lead's visit came from, as the staff list, the CSV and the notifications show it. */
export interface Attribution {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
}

/**
 * The lead's source in one line: its campaign's source and medium
 * ("newsletter / email"), else the site that linked to it ("www.linkedin.com");
 * null for a direct visit (typed address, bookmark, an app that sends no referrer).
 */
export function leadSource(lead: Pick<Attribution, 'utmSource' | 'utmMedium' | 'referrerHost'>): string | null {
  if (lead.utmSource) return [lead.utmSource, lead.utmMedium].filter(Boolean).join(' / ');
  return lead.referrerHost;
}
