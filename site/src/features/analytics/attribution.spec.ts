import { memoryStorage } from '../testing/memory-storage';
import { ATTRIBUTION_KEY, attributionOf, CLICK_ID_KEY, recordLanding } from './attribution';

const landing = (path: string) => {
  const url = new URL(path, 'https://www.segmentia.es');
  return { pathname: url.pathname, search: url.search, host: url.host };
};

describe('attribution', () => {
  it("keeps the visit's first page, the referring host and the UTM parameters; later pages change nothing", () => {
    const storage = memoryStorage();
    recordLanding(
      landing(
        '/en/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn%20%0A%20launch&utm_term=audiences&utm_content=header&other=1',
      ),
      'https://www.linkedin.com/feed/',
      false,
      storage,
    );
    recordLanding(landing('/en/legal/?utm_source=other'), 'https://www.segmentia.es/en/', false, storage);
    expect(attributionOf(storage, false)).toEqual({
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
      const storage = memoryStorage();
      recordLanding(landing('/de/'), referrer, false, storage);
      expect(attributionOf(storage, false)).toEqual({ landingPage: '/de/' });
    }
  });

  it("keeps Google's click id only with marketing consent, and sends it only while it lasts", () => {
    const declined = memoryStorage();
    recordLanding(landing('/?gclid=Cj0KCQ-abc_123'), '', false, declined);
    expect(declined.getItem(CLICK_ID_KEY)).toBeNull();
    expect(attributionOf(declined, true)).toEqual({ landingPage: '/' });

    const accepted = memoryStorage();
    recordLanding(landing('/?gclid=Cj0KCQ-abc_123'), '', true, accepted);
    expect(attributionOf(accepted, true)).toEqual({ landingPage: '/', gclid: 'Cj0KCQ-abc_123' });
    // Consent withdrawn since: not sent.
    expect(attributionOf(accepted, false)).toEqual({ landingPage: '/' });
    // Never in the record itself, and nothing but a click id's characters.
    expect(accepted.getItem(ATTRIBUTION_KEY)).not.toContain('gclid');
    const odd = memoryStorage();
    recordLanding(landing('/?gclid=%3Cscript%3E'), '', true, odd);
    expect(odd.getItem(CLICK_ID_KEY)).toBeNull();
  });

  it("cuts values to the API's lengths", () => {
    const storage = memoryStorage();
    recordLanding(landing(`/?utm_campaign=${'x'.repeat(500)}`), '', false, storage);
    expect(attributionOf(storage, false).utmCampaign).toHaveLength(200);
  });
});
