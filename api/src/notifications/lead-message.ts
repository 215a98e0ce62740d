import type { Lead } from '../leads/models/lead.model';

/** The lead as the notifications read it (the prospect's confirmation needs their name, address and audiences). */
export type LeadSummary = Pick<
  Lead,
  | 'id'
  | 'receivedAt'
  | 'agencyName'
  | 'agencyType'
  | 'agencySize'
  | 'contactName'
  | 'email'
  | 'freeEmail'
  | 'phone'
  | 'position'
  | 'interest'
  | 'locale'
  | 'message'
  | 'landingPage'
  | 'referrerHost'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'fitScore'
  | 'fitReasons'
  | 'requestNumber'
  | 'repeatOf'
  | 'requestedAudiences'
>;

/** What the site promises a prospect: an answer, with credentials for the demo, within this many working hours. */
export const RESPONSE_WORKING_HOURS = 72;

const label = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ');

const MEDIA_SPEND: Record<LeadSummary['agencySize'], string> = {
  UP_TO_2M: 'up to €2M a year',
  FROM_2M_TO_5M: '€2M–5M a year',
  FROM_5M_TO_10M: '€5M–10M a year',
  FROM_10M_TO_50M: '€10M–50M a year',
  OVER_50M: 'over €50M a year',
};

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** "3rd request from this agency since 2026-10-12", or null for a new prospect. */
export function repeatLine(lead: LeadSummary): string | null {
  if (lead.requestNumber < 2) return null;
  return `${ordinal(lead.requestNumber)} request from this agency${lead.repeatOf ? ` since ${day(lead.repeatOf.receivedAt)}` : ''}`;
}

/** "78/100: media spend 15/25, advertisers 8/20…": the score and where each rule's points came from. */
const RULE_NAMES: Record<LeadSummary['fitReasons'][number]['rule'], string> = {
  agencySize: 'media spend',
  advertiserCount: 'advertisers',
  decisionRole: 'decision role',
  email: 'email',
  interest: 'interest',
  country: 'country',
};
export function fitLine(lead: LeadSummary): string {
  const value = ({ rule, value }: LeadSummary['fitReasons'][number]) =>
    rule === 'agencySize' ? MEDIA_SPEND[value as LeadSummary['agencySize']] : label(value).toLowerCase();
  const reasons = lead.fitReasons.map((reason) => `${RULE_NAMES[reason.rule]} ${value(reason)} ${reason.points}/${reason.maxPoints}`);
  return `${lead.fitScore}/100 (${reasons.join(', ')})`;
}

/**
 * What sales' notifications say of a lead: the agency, the fit score and a
 * link to the whole lead in the staff page. The chat channel and the mailbox
 * are processors the privacy policy names, so no personal data (name, email,
 * phone, message) and nothing of the visit goes there: staff read those
 * behind sign-in.
 */
function facts(lead: LeadSummary): [string, string][] {
  return [
    ['Fit', fitLine(lead)],
    ...(repeatLine(lead) ? [['Repeat', repeatLine(lead)] as [string, string]] : []),
    ['Agency', `${lead.agencyName} (${label(lead.agencyType)}, ${MEDIA_SPEND[lead.agencySize]})`],
    ['Interest', label(lead.interest)],
    ['Language', lead.locale],
  ];
}

/** "New demo request: Agencia Norte", or "Repeat demo request (3rd): Agencia Norte". */
const title = (lead: LeadSummary) =>
  `${lead.requestNumber > 1 ? `Repeat demo request (${ordinal(lead.requestNumber)})` : 'New demo request'}: ${lead.agencyName}`;

/** Slack's mrkdwn needs only these three escaped. */
const escapeSlack = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function leadLink(lead: LeadSummary, staffPageUrl: string): string {
  const url = new URL(staffPageUrl);
  url.searchParams.set('lead', lead.id);
  return url.toString();
}

/** A Slack-compatible incoming-webhook body: `text` for notifications and other tools, `blocks` for Slack. */
export function webhookPayload(lead: LeadSummary, staffPageUrl: string) {
  const link = leadLink(lead, staffPageUrl);
  return {
    // Read as mrkdwn too: an agency named `<!channel>` or `<https://…|Open the lead>` must stay text.
    text: `${escapeSlack(title(lead))} (fit ${lead.fitScore}/100)`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title(lead).slice(0, 150) } },
      {
        type: 'section',
        fields: facts(lead).map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${escapeSlack(value)}` })),
      },
      { type: 'section', text: { type: 'mrkdwn', text: `<${link}|Open the lead> · reply within ${RESPONSE_WORKING_HOURS} working hours` } },
    ],
  };
}

/** The email to sales: who to answer, and how, is in the staff page behind the link. */
export function emailMessage(lead: LeadSummary, staffPageUrl: string) {
  const lines = facts(lead).map(([name, value]) => `${name}: ${value}`);
  return {
    subject: `${title(lead)} (fit ${lead.fitScore}/100)`,
    text: [
      `A demo request arrived on ${lead.receivedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      ...lines,
      '',
      `Open the lead: ${leadLink(lead, staffPageUrl)}`,
      `The visitor was promised an answer within ${RESPONSE_WORKING_HOURS} working hours.`,
    ].join('\n'),
  };
}
