import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import i18next from 'i18next';
import { LOCALE_CODES } from '@segmentia/contracts/locales';
import { type LocalProblem, problemText } from './problems';
import { localProblem } from './staff-client';

jest.mock('./session', () => ({ idToken: async () => 'token-of-ana' }));

/** An answer of the API with one error of this code, as Apollo Client hands it over. */
const answered = (code: string, extensions: Record<string, unknown> = {}, message = `${code} error`) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code, ...extensions } }] });

describe('what a failed staff call shows where it was made', () => {
  it('a read the database gave up on is a timeout, not the API being down', () => {
    expect(localProblem(answered('QUERY_TIMEOUT', {}, 'The leads list took longer than 5000 ms'))).toEqual({ kind: 'timeout' });
  });

  it('a refusal carries the API’s words', () => {
    const fieldErrors = { filter: [{ code: 'maxRows', message: 'filter: 62000 leads match; narrow the filter to 50000 or fewer' }] };
    expect(localProblem(answered('BAD_USER_INPUT', { fieldErrors }))).toEqual({
      kind: 'refused',
      detail: 'filter: 62000 leads match; narrow the filter to 50000 or fewer',
    });
  });

  it('the database or the API down, a proxy’s error page, no connection', () => {
    expect(localProblem(answered('SERVICE_UNAVAILABLE'))).toEqual({ kind: 'unavailable' });
    expect(localProblem(answered('INTERNAL_SERVER_ERROR'))).toEqual({ kind: 'unavailable' });
    expect(localProblem(new ServerError('Bad Gateway', { response: new Response('<html>', { status: 502 }), bodyText: '<html>' }))).toEqual(
      {
        kind: 'unavailable',
      },
    );
    expect(localProblem(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
  });

  it('nothing for an ended session or an account without access: the page says so, once', () => {
    expect(localProblem(answered('UNAUTHENTICATED', { reason: 'expired' }))).toBeNull();
    expect(localProblem(answered('FORBIDDEN'))).toBeNull();
  });
});

const LOCALES_DIR = path.join(__dirname, '../../../locales');

describe.each(LOCALE_CODES)('the problems in %s', (code) => {
  let t: typeof i18next.t;
  beforeAll(async () => {
    const staff = JSON.parse(readFileSync(path.join(LOCALES_DIR, code, 'staff.json'), 'utf8')) as object;
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: code,
      ns: ['staff'],
      defaultNS: 'staff',
      resources: { [code]: { staff } },
      interpolation: { escapeValue: false },
    });
    t = i18n.t;
  });
  const text = (problem: LocalProblem, read?: 'view' | 'csv' | 'item') => problemText(t, problem, read);

  it('tell a timeout, a refusal and an outage apart', () => {
    const unavailable = text({ kind: 'unavailable' });
    const timeouts = (['view', 'csv', 'item'] as const).map((read) => text({ kind: 'timeout' }, read));
    for (const message of [...timeouts, text({ kind: 'refused', detail: 'x' }), text({ kind: 'network' })]) {
      expect(message).not.toBe(unavailable);
      expect(message).not.toMatch(/problems\.|\{\{/);
    }
    expect(new Set(timeouts).size).toBe(3);
  });

  it('quote the API’s refusal', () => {
    expect(text({ kind: 'refused', detail: 'filter: 62000 leads match' })).toMatch(/ filter: 62000 leads match$/);
  });
});

it('in Spanish and English, a timeout of a view asks to narrow the filters or retry', async () => {
  for (const [code, expected] of [
    ['es', 'Esta vista ha tardado demasiado en cargarse. Acota los filtros o vuelve a intentarlo.'],
    ['en', 'This view took too long to load. Narrow the filters or try again.'],
  ] as const) {
    const staff = JSON.parse(readFileSync(path.join(LOCALES_DIR, code, 'staff.json'), 'utf8')) as object;
    const i18n = i18next.createInstance();
    await i18n.init({ lng: code, defaultNS: 'staff', resources: { [code]: { staff } } });
    expect(problemText(i18n.t, { kind: 'timeout' })).toBe(expected);
  }
});
