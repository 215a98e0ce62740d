import { randomUUID } from 'node:crypto';
import type { TestApi } from './api';

/**
 * A valid contact form, with any field overridden. Each comes from its own
 * email domain, so that no test's lead is taken for a repeat of another's.
 */
export function contactInput(overrides: Record<string, unknown> = {}) {
  const requestId = randomUUID();
  return {
    requestId,
    locale: 'ES',
    agencyName: 'Agencia Norte',
    agencyType: 'MEDIA',
    agencySize: 'FROM_5M_TO_10M',
    advertiserCount: 'FROM_10_TO_25',
    contactName: 'Lucía Fernández',
    email: `lucia@agencianorte-${requestId.slice(0, 8)}.es`,
    phone: '+34 911 23 45 67',
    position: 'DIRECTOR',
    decisionRole: 'DECIDE',
    interest: 'SOLUTIONS',
    message: 'Queremos probar audiencias de automoción en España.',
    acceptTerms: true,
    pagePath: '/',
    ...overrides,
  };
}

const SUBMIT = `mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id receivedAt } }`;

/** Sends a contact request as a visitor would, each from its own address (the per-IP limit is tested apart); returns the lead id. */
export async function submitLead(api: TestApi, overrides: Record<string, unknown> = {}): Promise<string> {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const { body } = await api.graphql<{ submitContactRequest: { id: string } }>(
    SUBMIT,
    { input: contactInput(overrides) },
    { 'x-forwarded-for': address },
  );
  if (!body.data) throw new Error(`submitContactRequest failed: ${JSON.stringify(body.errors)}`);
  return body.data.submitContactRequest.id;
}
