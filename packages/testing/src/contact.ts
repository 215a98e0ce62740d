import { randomUUID } from 'node:crypto';

/**
 * A valid contact request, with any field overridden. Each comes from its own
 * email domain (made of its requestId), so that no lead is taken for a repeat
 * of another's.
 */
export function contactInput(overrides: Record<string, unknown> = {}) {
  const requestId = typeof overrides.requestId === 'string' ? overrides.requestId : randomUUID();
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

/** The mutation the form sends, answering the lead's id and when it was received. */
export const SUBMIT_CONTACT_REQUEST =
  'mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id receivedAt } }';
