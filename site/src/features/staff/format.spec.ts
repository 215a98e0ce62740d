import { formatDayAndTime, mailtoHref } from './format';

describe('mailtoHref', () => {
  it('links to a plain address as it is', () => {
    expect(mailtoHref('ana.garcia+demo@agencia.es')).toBe('mailto:ana.garcia%2Bdemo@agencia.es');
  });

  it.each(['ana?cc=jefe@evil.example@agencia.es', 'a?body=Pay%20here&cc=x@agencia.es', 'a&subject=x=y@agencia.es', 'a#frag@agencia.es'])(
    'keeps %j one address, with no header of its own',
    (email) => {
      const url = new URL(mailtoHref(email));
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
      expect(decodeURIComponent(url.pathname)).toBe(email);
    },
  );
});

describe('formatDayAndTime', () => {
  it('gives the short day and the time apart, in the page’s language', () => {
    expect(formatDayAndTime('2026-11-22T10:05:00Z', 'es-ES')).toEqual([
      expect.stringMatching(/^22\/11\/26$/),
      expect.stringMatching(/^\d{1,2}:05$/),
    ]);
    expect(formatDayAndTime('2026-11-22T10:05:00Z', 'en-US')[0]).toBe('11/22/26');
  });
});
