import { publicOrigin } from './release-site';

describe("the web image's SITE_URL", () => {
  it('is the origin the site is served at, without a trailing slash', () => {
    expect(publicOrigin('https://www.segmentia.es/')).toBe('https://www.segmentia.es');
    expect(publicOrigin('https://localhost:8443')).toBe('https://localhost:8443');
  });

  it('is refused, quoted, when it is not an http(s) origin', () => {
    for (const value of [
      undefined,
      '',
      'www.segmentia.es',
      'ftp://segmentia.es',
      'https://segmentia.es/es/',
      'https://segmentia.es/?a=1',
    ]) {
      expect(() => publicOrigin(value)).toThrow(
        `SITE_URL must be the address the site is served at, such as https://www.segmentia.es (it is "${value ?? ''}")`,
      );
    }
  });
});
