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

/**
 * Characters every text field refuses, by name: C0 and C1 controls, DEL, and the marks that reorder text. Line breaks
 * and tabs are not among them: one-line fields refuse those too, the message accepts them.
 */
export const REFUSED_CHARACTERS: [name: string, character: string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['backspace', '\u0008'],
  ['vertical tab', '\u000B'],
  ['form feed', '\u000C'],
  ['ESC', '\u001B'],
  ['DEL', '\u007F'],
  ['NEL (U+0085)', '\u0085'],
  ['CSI (U+009B)', '\u009B'],
  ['a right-to-left override', '\u202E'],
  ['a left-to-right embedding', '\u202A'],
  ['a first-strong isolate', '\u2068'],
  ['a right-to-left mark', '\u200F'],
  ['the Arabic letter mark', '\u061C'],
];
