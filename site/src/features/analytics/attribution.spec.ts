import { memoryStorage } from '../testing/memory-storage';
import { ATTRIBUTION_KEY, attributionOf, CLICK_ID_KEY, forgetLanding, keepAttribution, recordLanding } from './attribution';

const NONE = { analytics: false, marketing: false };
const ANALYTICS = { analytics: true, marketing: false };
const ALL = { analytics: true, marketing: true };

const landing = (path: string) => {
  const url = new URL(path, 'https://www.segmentia.es');
  return { pathname: url.pathname, search: url.search, host: url.host };
};

describe('attribution', () => {
  beforeEach(forgetLanding);

  it("keeps the visit's first page, the referring host and the UTM parameters; later pages change nothing", () => {
    const storage = memoryStorage();
    recordLanding(
      landing(
        '/en/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn%20%0A%20launch&utm_term=audiences&utm_content=header&other=1',
      ),
      'https://www.linkedin.com/feed/',
      NONE,
      storage,
    );
    recordLanding(landing('/en/legal/?utm_source=other'), 'https://www.segmentia.es/en/', NONE, storage);
    expect(attributionOf(false)).toEqual({
      landingPage: '/en/',
      referrerHost: 'www.linkedin.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn launch',
      utmTerm: 'audiences',
      utmContent: 'header',
    });
  });

  it('names no referrer for a link from the site itself, or none at all', () => {
    for (const referrer of ['https://www.segmentia.es/de/', '', 'not a url']) {
      forgetLanding();
      recordLanding(landing('/de/'), referrer, NONE, memoryStorage());
      expect(attributionOf(false)).toEqual({ landingPage: '/de/' });
    }
  });

  it('stores nothing before analytics consent, writes the record once it is given, and removes it when withdrawn', () => {
    const storage = memoryStorage();
    recordLanding(landing('/?utm_source=newsletter'), '', NONE, storage);
    expect(storage.length).toBe(0);
    expect(attributionOf(false)).toEqual({ landingPage: '/', utmSource: 'newsletter' });
    keepAttribution(storage, ANALYTICS);
    expect(JSON.parse(storage.getItem(ATTRIBUTION_KEY)!)).toEqual({ landingPage: '/', utmSource: 'newsletter' });
    // A reload in the same tab: the stored record is still the visit's first landing.
    forgetLanding();
    recordLanding(landing('/en/?utm_source=other'), '', ANALYTICS, storage);
    expect(attributionOf(false)).toEqual({ landingPage: '/', utmSource: 'newsletter' });
    keepAttribution(storage, NONE);
    expect(storage.length).toBe(0);
  });

  it("keeps Google's click id only with marketing consent, and sends it only while it lasts", () => {
    const declined = memoryStorage();
    recordLanding(landing('/?gclid=Cj0KCQ-abc_123'), '', ANALYTICS, declined);
    expect(declined.getItem(CLICK_ID_KEY)).toBeNull();
    expect(attributionOf(true)).toEqual({ landingPage: '/' });

    forgetLanding();
    const accepted = memoryStorage();
    recordLanding(landing('/?gclid=Cj0KCQ-abc_123'), '', ALL, accepted);
    expect(attributionOf(true)).toEqual({ landingPage: '/', gclid: 'Cj0KCQ-abc_123' });
    expect(accepted.getItem(CLICK_ID_KEY)).toBe('Cj0KCQ-abc_123');
    // Never in the record itself.
    expect(accepted.getItem(ATTRIBUTION_KEY)).not.toContain('gclid');
    // Consent withdrawn since: not sent, and forgotten.
    expect(attributionOf(false)).toEqual({ landingPage: '/' });
    keepAttribution(accepted, ANALYTICS);
    expect(accepted.getItem(CLICK_ID_KEY)).toBeNull();
    expect(attributionOf(true)).toEqual({ landingPage: '/' });

    forgetLanding();
    const odd = memoryStorage();
    recordLanding(landing('/?gclid=%3Cscript%3E'), '', ALL, odd);
    expect(odd.getItem(CLICK_ID_KEY)).toBeNull();
  });

  it("cuts values to the API's lengths", () => {
    recordLanding(landing(`/?utm_campaign=${'x'.repeat(500)}`), '', NONE, memoryStorage());
    expect(attributionOf(false).utmCampaign).toHaveLength(200);
  });
});
