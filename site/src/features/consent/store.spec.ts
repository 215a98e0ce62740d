import { COOKIES, CONSENT_COOKIE, ENABLED_COOKIE, revisionOf } from './config';
import { memoryStorage } from '../testing/memory-storage';
import { consentSignals } from './consent-mode';
import {
  CONSENT_ID_KEY,
  cookieDomains,
  currentConsentId,
  decisionCookies,
  deletionCookies,
  matchingCookies,
  readConsent,
  renewConsentId,
} from './store';

// Without a build's texts digest (consent-texts.spec.ts covers the texts).
const REVISION = 'consent~language~analytics~tag-manager~1lq526g';
/** What the browser keeps of `document.cookie` writes: name=value of those not expired. */
function browserJar(writes: string[]): string {
  const jar = new Map<string, string>();
  for (const write of writes) {
    const [pair] = write.split(';');
    const [name, value] = pair!.split('=');
    if (/Max-Age=0/.test(write)) jar.delete(name!);
    else jar.set(name!, value!);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe('consent', () => {
  it('is undecided on a first visit: only the necessary cookies are in effect', () => {
    expect(readConsent('', COOKIES)).toEqual({ given: false, enabled: new Set(['consent', 'language']) });
  });

  it('stores the configuration and the enabled ids, tilde-joined, for the configured expiry', () => {
    const writes = decisionCookies(['analytics'], COOKIES, 182);
    expect(writes).toEqual([
      `${CONSENT_COOKIE}=${encodeURIComponent(REVISION)}; Max-Age=15724800; Path=/; SameSite=Lax`,
      `${ENABLED_COOKIE}=${encodeURIComponent('consent~language~analytics')}; Max-Age=15724800; Path=/; SameSite=Lax`,
    ]);
    expect(revisionOf(COOKIES)).toBe(REVISION);
  });

  it('asks again when a cookie is added, to the list or to a category already accepted', () => {
    const added = COOKIES.map((cookie) => (cookie.id === 'analytics' ? { ...cookie, targets: [...cookie.targets, '_gid'] } : cookie));
    expect(revisionOf(added)).not.toBe(REVISION);
    expect(revisionOf(added)).toMatch(/^consent~language~analytics~tag-manager~[a-z0-9]+$/);
    expect(readConsent(`${CONSENT_COOKIE}=${encodeURIComponent(REVISION)}; ${ENABLED_COOKIE}=analytics`, added).given).toBe(false);
  });

  it.each([
    ['accept all', ['analytics', 'tag-manager'], ['consent', 'language', 'analytics', 'tag-manager']],
    ['decline', [], ['consent', 'language']],
    ['a partial selection', ['tag-manager'], ['consent', 'language', 'tag-manager']],
  ])('reads back %s', (_, chosen, expected) => {
    const state = readConsent(browserJar(decisionCookies(chosen, COOKIES, 182)), COOKIES);
    expect(state.given).toBe(true);
    expect([...state.enabled].sort()).toEqual([...expected].sort());
  });

  it('ignores ids that are not optional cookies of the configuration', () => {
    expect([...readConsent(browserJar(decisionCookies(['analytics', 'facebook', 'consent'], COOKIES, 182)), COOKIES).enabled]).toEqual([
      'consent',
      'language',
      'analytics',
    ]);
  });

  it('counts as given only when the stored configuration equals today’s: a changed list asks again', () => {
    const cookies = browserJar(decisionCookies(['analytics'], COOKIES, 182));
    const tomorrow = [...COOKIES, { id: 'chat', category: 'optional' as const, targets: ['chat_*'] }];
    expect(readConsent(cookies, tomorrow)).toEqual({ given: false, enabled: new Set(['consent', 'language']) });
    const tampered = `${CONSENT_COOKIE}=consent~language; ${ENABLED_COOKIE}=consent~language~analytics`;
    expect(readConsent(tampered, COOKIES).given).toBe(false);
  });
});

describe('cookie deletion', () => {
  const jar = '_ga=GA1.1.1; _ga_ABC123=GS1.1; _gid=GA1.2; _gcl_au=1.1; lang=de; segmentia_consent=x; _gads=1';

  it('finds the cookies of each pattern, wildcards included', () => {
    expect(matchingCookies(jar, ['_ga', '_ga_*']).sort()).toEqual(['_ga', '_ga_ABC123']);
    expect(matchingCookies(jar, ['_gcl_*'])).toEqual(['_gcl_au']);
  });

  it('deletes on the host and each parent domain', () => {
    expect(cookieDomains('www.segmentia.es')).toEqual([undefined, 'www.segmentia.es', '.www.segmentia.es', '.segmentia.es']);
    expect(cookieDomains('localhost')).toEqual([undefined]);
    expect(cookieDomains('127.0.0.1')).toEqual([undefined]);
    const writes = deletionCookies(jar, ['_ga_*'], 'www.segmentia.es');
    expect(writes).toEqual([
      '_ga_ABC123=; Max-Age=0; Path=/',
      '_ga_ABC123=; Max-Age=0; Path=/; Domain=www.segmentia.es',
      '_ga_ABC123=; Max-Age=0; Path=/; Domain=.www.segmentia.es',
      '_ga_ABC123=; Max-Age=0; Path=/; Domain=.segmentia.es',
    ]);
    expect(browserJar(['lang=de', ...deletionCookies('lang=de', ['_ga'], 'segmentia.es')])).toBe('lang=de');
  });
});

describe('the consent id', () => {
  const memory = memoryStorage;
  const DAY = 24 * 60 * 60 * 1000;

  it('lasts as long as the decision, and each decision renews it', () => {
    const storage = memory();
    const id = renewConsentId(storage, 182, 0);
    expect(JSON.parse(storage.getItem(CONSENT_ID_KEY)!)).toEqual({ id, expires: 182 * DAY });
    expect(renewConsentId(storage, 182, 100 * DAY)).toBe(id);
    expect(currentConsentId(storage, 250 * DAY)).toBe(id);
    expect(currentConsentId(storage, 282 * DAY)).toBeUndefined();
    expect(storage.getItem(CONSENT_ID_KEY)).toBeNull();
    expect(renewConsentId(storage, 182, 283 * DAY)).not.toBe(id);
  });

  it('replaces an id kept without expiry (as before)', () => {
    const storage = memory();
    storage.setItem(CONSENT_ID_KEY, '0b7e6c1c-5a55-4a8e-9d1f-2f1f2c0c9f00');
    expect(currentConsentId(storage)).toBeUndefined();
    expect(renewConsentId(storage, 1)).not.toBe('0b7e6c1c-5a55-4a8e-9d1f-2f1f2c0c9f00');
  });
});

describe('Consent Mode', () => {
  it('grants conversion measurement with marketing, never personalised advertising', () => {
    expect(consentSignals(new Set(['consent', 'analytics', 'tag-manager']))).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(consentSignals(new Set(['consent']))).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
  });
});
