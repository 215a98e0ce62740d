import { validate } from 'class-validator';
import { IsPhoneForLocale } from './is-phone-for-locale';

class Sample {
  constructor(
    public locale: string,
    phone: unknown,
  ) {
    this.phone = phone;
  }
  @IsPhoneForLocale()
  phone: unknown;
}

describe('IsPhoneForLocale', () => {
  // The rule itself is phone.spec.ts's: here, that the field reads the request's locale and takes only text.
  it.each([
    ['FR', '06 12 34 56 78', true],
    ['ES', '06 12 34 56 78', false],
    ['XX', '06 12 34 56 78', false],
    ['ES', 911234567, false],
  ])('in %s, %j is valid: %s', async (locale, phone, valid) => {
    const errors = await validate(new Sample(locale, phone));
    expect(errors.length === 0).toBe(valid);
    if (!valid) expect(errors[0]!.constraints).toHaveProperty('isPhoneNumber');
  });
});
