/** Where sales are with a lead: the schema's `LeadStatus` enum, in its order (api/src/contact/rules.spec.ts ties the two). */
export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'DEMO_SENT', 'QUALIFIED', 'DISQUALIFIED', 'SPAM'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
