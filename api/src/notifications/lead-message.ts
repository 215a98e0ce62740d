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

/** What the site promises a prospect: an answer, with demo credentials, within this many hours, weekends and holidays not counted. */
export const RESPONSE_WORKING_HOURS = 72;

/**
 * What sales' notifications say of a lead, and all they say (the privacy
 * policy lists it): the agency's name, the fit score and a link to the whole
 * lead in the staff page. The chat channel and the mailbox are processors, so
 * nothing else goes there (no contact, no score reasons, no spend band, no
 * repeat history, nothing of the visit): staff read the rest behind sign-in.
 */
function facts(lead: LeadSummary): [string, string][] {
  return [
    ['Agency', lead.agencyName],
    ['Fit', `${lead.fitScore}/100`],
  ];
}

/** "New demo request: Agencia Norte" (a repeat too: whether it repeats one is for the staff page, behind the link). */
const title = (lead: LeadSummary) => `New demo request: ${lead.agencyName}`;

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
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `<${link}|Open the lead> · reply within ${RESPONSE_WORKING_HOURS} hours (weekends and holidays not counted)`,
        },
      },
    ],
  };
}

/** The email to sales: who to answer, and how, is in the staff page behind the link. */
export function emailMessage(lead: LeadSummary, staffPageUrl: string) {
  const lines = facts(lead).map(([name, value]) => `${name}: ${value}`);
  return {
    subject: `${title(lead)} (fit ${lead.fitScore}/100)`,
    text: [
      // When it arrived is in the staff page too: the notice says no more than the policy lists.
      'A demo request arrived.',
      '',
      ...lines,
      '',
      `Open the lead: ${leadLink(lead, staffPageUrl)}`,
      `The visitor was promised an answer within ${RESPONSE_WORKING_HOURS} hours, weekends and public holidays not counted.`,
    ].join('\n'),
  };
}
