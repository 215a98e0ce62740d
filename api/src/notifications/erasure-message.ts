/**
 * What sales are told when a person erases their own requests (the privacy centre): the leads' ids and what to do,
 * nothing else. The chat notice and the email sales got about each lead carry its id (in the staff page's link), so
 * the id is enough to find and delete them; the lead itself is gone.
 */
const line = (id: string) => `Lead ${id} erased by the person: delete its chat notice and sales email`;

const title = (leadIds: string[]) =>
  leadIds.length === 1 ? 'A lead was erased by the person' : `${leadIds.length} leads were erased by the person`;

/** Lines per Slack section, whose text holds at most 3,000 characters (a line is about 110). */
const LINES_PER_SECTION = 20;

/** The webhook's body (Slack-compatible, as the new-lead notice): ids are UUIDs, so nothing needs escaping. */
export function erasureWebhookPayload(leadIds: string[]) {
  const lines = leadIds.map(line);
  const sections = [];
  for (let start = 0; start < lines.length; start += LINES_PER_SECTION) {
    sections.push({ type: 'section', text: { type: 'mrkdwn', text: lines.slice(start, start + LINES_PER_SECTION).join('\n') } });
  }
  return { text: lines.join('\n'), blocks: [{ type: 'header', text: { type: 'plain_text', text: title(leadIds) } }, ...sections] };
}

/** The email to sales' mailbox. */
export function erasureEmailMessage(leadIds: string[]) {
  return {
    subject: title(leadIds),
    text: [...leadIds.map(line), '', 'The staff page lists these erasures in its privacy centre panel.'].join('\n'),
  };
}
