import type { ContactRequestInput } from '../api/generated';
import { type ContactFormValues, contactRequestOf, errorMessageOf } from './contact-request';

const VALUES = {
  agencyName: 'Agencia Norte',
  agencyType: 'MEDIA',
  agencySize: 'FROM_5M_TO_10M',
  advertiserCount: 'FROM_10_TO_25',
  contactName: 'Lucía Fernández',
  email: 'lucia@agencianorte.es',
  phone: '',
  position: 'DIRECTOR',
  decisionRole: 'DECIDE',
  interest: 'SOLUTIONS',
  message: '',
  website: '',
  acceptTerms: true,
} as unknown as ContactFormValues;

const request = contactRequestOf(VALUES, {
  requestId: '5b0f9a6e-4f0c-4d8a-9a57-3a4c7c2f8e11',
  locale: 'DE' as ContactRequestInput['locale'],
  pagePath: '/de/',
  altcha: 'proof',
  selection: [{ country: 'DE', audience: 'motorsport-fans', reach: 1, name: 'x' } as { country: string; audience: string }],
  attribution: { utmSource: 'newsletter' },
});

describe('contactRequestOf', () => {
  it('sends empty optional fields as null, with the request id, language, page, proof, audiences and attribution', () => {
    expect(request).toMatchObject({ phone: null, message: null, website: null, requestId: '5b0f9a6e-4f0c-4d8a-9a57-3a4c7c2f8e11' });
    expect(request).toMatchObject({ locale: 'DE', pagePath: '/de/', altcha: 'proof', utmSource: 'newsletter', acceptTerms: true });
    expect(request.audiences).toEqual([{ country: 'DE', audience: 'motorsport-fans' }]);
  });

  it('sends no audiences key without a selection', () => {
    const plain = contactRequestOf(VALUES, {
      requestId: 'r',
      locale: 'ES' as never,
      pagePath: '/',
      altcha: 'a',
      selection: [],
      attribution: {},
    });
    expect(plain.audiences).toBeUndefined();
  });
});

describe('errorMessageOf', () => {
  it('names the refused fields with their codes, a missing proof, the unknown audiences, or the failure’s code', () => {
    expect(errorMessageOf({ kind: 'fieldErrors', fields: { email: 'isNotDisposable', phone: 'isPhoneNumber' } })).toBe(
      'email:isNotDisposable,phone:isPhoneNumber',
    );
    expect(errorMessageOf({ kind: 'noProof' })).toBe('PROOF');
    const unknownAudiences = [{ country: 'DE', audience: 'steam-engines' }];
    expect(errorMessageOf({ kind: 'failed', failure: { code: 'BAD_USER_INPUT', fieldErrors: {}, unknownAudiences } })).toBe(
      'audiences:unknownAudience',
    );
    expect(errorMessageOf({ kind: 'failed', failure: { code: 'TOO_MANY_REQUESTS', fieldErrors: {} } })).toBe('TOO_MANY_REQUESTS');
  });
});
