import { validate } from 'class-validator';
import { IsPhoneForLocale, phoneRegion, toE164 } from './is-phone-for-locale';

class Sample {
  constructor(
    public locale: string,
    phone: string,
  ) {
    this.phone = phone;
  }
  @IsPhoneForLocale()
  phone: string;
}

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
  ])('in %s, %j is valid: %s', async (locale, phone, valid) => {
    const errors = await validate(new Sample(locale, phone));
    expect(errors.length === 0).toBe(valid);
    if (!valid) expect(errors[0]!.constraints).toHaveProperty('isPhoneNumber');
  });
});
