import type { ApiFailure } from '../api/failure';
import type { ContactRequestInput } from '../api/generated';
import { type ContactFormValues, type ContactApi, contactRequestOf, errorMessageOf, submitContact } from './submit-contact';

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
const FIELDS = Object.keys(VALUES);

/** An API client whose send fails with `failure` (or succeeds without one), recording what it was sent. */
function apiAnswering(failure?: Partial<ApiFailure>) {
  const sent: ContactRequestInput[] = [];
  const api: ContactApi = {
    submitContactRequest: async (input) => {
      sent.push(input);
      if (failure) throw new Error('refused');
    },
    describeFailure: () => ({ code: 'BAD_USER_INPUT', fieldErrors: {}, ...failure }),
  };
  return { api, sent };
}

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

describe('submitContact', () => {
  it('answers sent when the API stores the request, which it receives whole', async () => {
    const { api, sent } = apiAnswering();
    await expect(submitContact(api, request, FIELDS)).resolves.toEqual({ kind: 'sent' });
    expect(sent).toEqual([request]);
  });

  it.each(['altchaMissing', 'altchaInvalid', 'altchaExpired', 'altchaReused'])('answers proofRefused for %s', async (code) => {
    const { api } = apiAnswering({ fieldErrors: { altcha: [{ code, message: 'altcha: …' }] } });
    await expect(submitContact(api, request, FIELDS)).resolves.toEqual({ kind: 'proofRefused' });
  });

  it('answers unknownAudiences when the catalogue lost an audience', async () => {
    const { api } = apiAnswering({ fieldErrors: { audiences: [{ code: 'unknownAudience', message: 'audiences: DE x' }] } });
    const outcome = await submitContact(api, request, FIELDS);
    expect(outcome).toEqual({ kind: 'unknownAudiences' });
    expect(errorMessageOf(outcome as Exclude<typeof outcome, { kind: 'sent' }>)).toBe('audiences:unknownAudience');
  });

  it('gives the form its own fields’ first errors, in the API’s order', async () => {
    const { api } = apiAnswering({
      fieldErrors: {
        email: [
          { code: 'isNotDisposable', message: 'email: disposable' },
          { code: 'isEmail', message: 'second' },
        ],
        phone: [{ code: 'isPhoneNumber', message: 'phone: invalid' }],
      },
    });
    const outcome = await submitContact(api, request, FIELDS);
    expect(outcome).toEqual({
      kind: 'fieldErrors',
      fields: [
        ['email', { code: 'isNotDisposable', message: 'email: disposable' }],
        ['phone', { code: 'isPhoneNumber', message: 'phone: invalid' }],
      ],
    });
    expect(errorMessageOf(outcome as Exclude<typeof outcome, { kind: 'sent' }>)).toBe('email:isNotDisposable,phone:isPhoneNumber');
  });

  it('fails with the API’s code when it names no field of the form (a bad requestId, the rate limit, the network)', async () => {
    const requestIdOnly = apiAnswering({ fieldErrors: { requestId: [{ code: 'isUuid', message: 'requestId: not a UUID' }] } });
    await expect(submitContact(requestIdOnly.api, request, FIELDS)).resolves.toEqual({ kind: 'failed', code: 'BAD_USER_INPUT' });
    const limited = apiAnswering({ code: 'TOO_MANY_REQUESTS' });
    await expect(submitContact(limited.api, request, FIELDS)).resolves.toEqual({ kind: 'failed', code: 'TOO_MANY_REQUESTS' });
    const offline = apiAnswering({ code: 'NETWORK' });
    const outcome = await submitContact(offline.api, request, FIELDS);
    expect(errorMessageOf(outcome as Exclude<typeof outcome, { kind: 'sent' }>)).toBe('NETWORK');
  });
});
