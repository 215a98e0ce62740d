// Every public text argument refuses control and text-direction characters with a field error: none reaches
// PostgreSQL, which refuses a NUL in text (22021) and would store the others as sent.
import { randomUUID } from 'node:crypto';
import { contactInput, REFUSED_CHARACTERS, SUBMIT_CONTACT_REQUEST } from '@segmentia/testing';
import { startTestApi, type TestApi } from './support/api';

type FieldErrors = Record<string, { code: string }[]>;

let api: TestApi;
/** Each call from its own address: the per-client limits are tested apart. */
const fromAnyone = () => ({ 'x-forwarded-for': `10.41.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
const send = (query: string, variables: Record<string, unknown>) => api.graphql(query, variables, fromAnyone());

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY_HOPS: '1' });
});
afterAll(() => api.close());

/** The answer's error: BAD_USER_INPUT with field errors, never INTERNAL_SERVER_ERROR. */
function fieldErrorsOf(body: { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }): FieldErrors {
  expect(body.data ?? null).toBeNull();
  expect(body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  return body.errors![0]!.extensions!.fieldErrors as FieldErrors;
}
const codes = (errors: FieldErrors, field: string) => (errors[field] ?? []).map((error) => error.code);

describe.each(REFUSED_CHARACTERS)('%s', (_, c) => {
  it('is refused in every text field of a contact request, each with its code, and nothing is stored', async () => {
    const requestId = randomUUID();
    const tag = `Refused${requestId.slice(0, 8)}`;
    const input = contactInput({
      requestId: `${requestId.slice(0, 8)}${c}${requestId.slice(9)}`,
      agencyName: `${tag}${c}Norte`,
      contactName: `Lucía${c}Fernández`,
      email: `lu${c}cia@agencianorte.es`,
      phone: `+34 911${c}23 45 67`,
      message: `Queremos probar${c}audiencias.`,
      pagePath: `/${c}en/`,
      landingPage: `/en/${c}x`,
      referrerHost: `www.${c}linkedin.com`,
      utmSource: `linked${c}in`,
      utmMedium: `so${c}cial`,
      utmCampaign: `otoño${c}2026`,
      utmTerm: `audien${c}cias`,
      utmContent: `ban${c}ner`,
      gclid: `Cj0K${c}CQ`,
      audiences: [{ country: `D${c}`, audience: `motor${c}sport-fans` }],
      website: `x${c}y`,
      altcha: `eyJ${c}hbGc`,
    });
    const errors = fieldErrorsOf((await send(SUBMIT_CONTACT_REQUEST, { input })).body);
    const free = ['agencyName', 'contactName', 'email', 'phone', 'pagePath', 'landingPage', 'referrerHost', 'website', 'altcha'];
    const utm = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'];
    for (const field of [...free, ...utm])
      expect({ field, codes: codes(errors, field) }).toEqual({ field, codes: expect.arrayContaining(['isSingleLine']) });
    expect(codes(errors, 'message')).toEqual(['isPlainText']);
    expect(codes(errors, 'requestId')).toEqual(['isUuid']);
    expect(codes(errors, 'gclid')).toEqual(['matches']);
    expect(codes(errors, 'audiences.0.country')).toEqual(['matches']);
    expect(codes(errors, 'audiences.0.audience')).toEqual(['matches']);
    expect(await api.prisma.contactRequest.count({ where: { agencyName: { startsWith: tag } } })).toBe(0);
  });

  it('is refused alone in the message with isPlainText, and nothing is stored', async () => {
    const input = contactInput({ message: `Hola,\r\nqueremos\tprobar${c}audiencias.` });
    expect(codes(fieldErrorsOf((await send(SUBMIT_CONTACT_REQUEST, { input })).body), 'message')).toEqual(['isPlainText']);
    expect(await api.prisma.contactRequest.count({ where: { requestId: input.requestId } })).toBe(0);
  });

  it('is refused in every text field of a consent record, and nothing is stored', async () => {
    const decisionId = randomUUID();
    const { body } = await send(`mutation Record($input: ConsentRecordInput!) { recordConsent(input: $input) { id } }`, {
      input: {
        consentId: `${randomUUID().slice(0, 35)}${c}`,
        decisionId: `${decisionId.slice(0, 8)}${c}${decisionId.slice(9)}`,
        enabledIds: ['consent', `analy${c}tics`],
        revision: `consent~${c}analytics`,
        locale: 'ES',
      },
    });
    const errors = fieldErrorsOf(body);
    expect({ consentId: codes(errors, 'consentId'), decisionId: codes(errors, 'decisionId') }).toEqual({
      consentId: ['isUuid'],
      decisionId: ['isUuid'],
    });
    expect({ enabledIds: codes(errors, 'enabledIds'), revision: codes(errors, 'revision') }).toEqual({
      enabledIds: ['matches'],
      revision: ['matches'],
    });
    expect(await api.prisma.consentRecord.count({ where: { decisionId } })).toBe(0);
  });

  it("is refused in the explorer's search and in the address checkEmail reads", async () => {
    const search = await send(`query Search($text: String!) { searchAudiences(country: "DE", locale: DE, text: $text) { id } }`, {
      text: `rei${c}sen`,
    });
    expect(codes(fieldErrorsOf(search.body), 'text')).toEqual(['isSingleLine']);
    const check = await send(`query Check($email: String!) { checkEmail(email: $email) { kind } }`, { email: `lu${c}cia@gmail.com` });
    expect(codes(fieldErrorsOf(check.body), 'email')).toEqual(expect.arrayContaining(['isSingleLine']));
  });
});

it('keeps line breaks and tabs in the message as sent', async () => {
  const message = 'Hola,\r\nqueremos probar:\n\t- automoción\n\t- viajes';
  const { body } = await send(SUBMIT_CONTACT_REQUEST, { input: contactInput({ message }) });
  const { id } = (body.data as { submitContactRequest: { id: string } }).submitContactRequest;
  expect((await api.prisma.contactRequest.findUniqueOrThrow({ where: { id } })).message).toBe(message);
});
