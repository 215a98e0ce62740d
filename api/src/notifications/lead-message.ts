import { leadSource } from '../leads/attribution';
import type { Lead } from '../leads/models/lead.model';

/** What a notification says of a lead: enough for sales to act, with a link to the whole lead. */
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

function facts(lead: LeadSummary): [string, string][] {
  return [
    ['Agency', `${lead.agencyName} (${label(lead.agencyType)}, ${MEDIA_SPEND[lead.agencySize]})`],
    ['Contact', `${lead.contactName}, ${label(lead.position)}`],
    ['Email', lead.freeEmail ? `${lead.email} (free mail)` : lead.email],
    ['Phone', lead.phone ?? '—'],
    ['Interest', label(lead.interest)],
    ['Language', lead.locale],
    ['Source', [leadSource(lead) ?? 'direct', lead.utmCampaign && `campaign ${lead.utmCampaign}`].filter(Boolean).join(', ')],
    ['Landing page', lead.landingPage ?? '—'],
  ];
}

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
    text: `New demo request from ${lead.agencyName} (${lead.contactName})`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: `New demo request: ${lead.agencyName}`.slice(0, 150) } },
      {
        type: 'section',
        fields: facts(lead).map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${escapeSlack(value)}` })),
      },
      ...(lead.message ? [{ type: 'section', text: { type: 'mrkdwn', text: `>${escapeSlack(lead.message).replaceAll('\n', '\n>')}` } }] : []),
      { type: 'section', text: { type: 'mrkdwn', text: `<${link}|Open the lead> · reply within ${RESPONSE_WORKING_HOURS} working hours` } },
    ],
  };
}

/** The email to sales; replying goes to the prospect. */
export function emailMessage(lead: LeadSummary, staffPageUrl: string) {
  const lines = facts(lead).map(([name, value]) => `${name}: ${value}`);
  return {
    subject: `New demo request: ${lead.agencyName}`,
    replyTo: { name: lead.contactName, address: lead.email },
    text: [
      `${lead.contactName} asked for demo access on ${lead.receivedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      ...lines,
      ...(lead.message ? ['', 'Message:', lead.message] : []),
      '',
      `Open the lead: ${leadLink(lead, staffPageUrl)}`,
      `The visitor was promised an answer within ${RESPONSE_WORKING_HOURS} working hours.`,
    ].join('\n'),
  };
}
