import { isPhoneForLocale, phoneRegion, toE164 } from './phone';

describe('phone numbers', () => {
  it("reads a number without + in the region of the page's locale", () => {
    expect(phoneRegion('EN')).toBe('US');
    expect(toE164('911 23 45 67', 'ES')).toBe('+34911234567');
    expect(toE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(toE164('+39 06 1234 5678', 'DE')).toBe('+390612345678');
  });

  it.each([
    ['ES', '911 23 45 67', true],
    ['FR', '06 12 34 56 78', true],
    ['ES', '06 12 34 56 78', false],
    ['ES', '+33 6 12 34 56 78', true],
    ['IT', '12', false],
    ['FR', 'call me', false],
  ] as const)('in %s, %j is valid: %s', (locale, phone, valid) => {
    expect(isPhoneForLocale(phone, locale)).toBe(valid);
  });
});
