import { advertisingIdError, objectionErrors } from './rules';

describe("the privacy centre's checks before sending", () => {
  it('takes an advertising ID in either case, and names what is wrong otherwise with the API’s codes', () => {
    expect(advertisingIdError('38400000-8CF0-11BD-B23E-10B96E40000D')).toBeNull();
    expect(advertisingIdError(' 38400000-8cf0-11bd-b23e-10b96e40000d ')).toBeNull();
    expect(advertisingIdError('')).toBe('required');
    expect(advertisingIdError('38400000-8cf0-11bd-b23e')).toBe('isAdvertisingId');
    expect(advertisingIdError('00000000-0000-0000-0000-000000000000')).toBe('notZeroId');
  });

  it('asks a written objection for an address and a message of 10 to 2,000 characters', () => {
    expect(objectionErrors({ email: 'ana@example.org', message: 'Please leave me out.' })).toEqual({});
    expect(objectionErrors({ email: '', message: '' })).toEqual({ email: 'required', message: 'required' });
    expect(objectionErrors({ email: 'ana@', message: 'Too short' })).toEqual({ email: 'isEmail', message: 'minLength' });
    // What JavaScript and PostgreSQL would lower-case differently (U+212A KELVIN SIGN), and a quoted local part.
    expect(objectionErrors({ email: '\u212Aim@provider.example', message: 'I object to it' })).toEqual({ email: 'isAsciiEmail' });
    expect(objectionErrors({ email: '"kim"@provider.example', message: 'I object to it' })).toEqual({ email: 'isAsciiEmail' });
    expect(objectionErrors({ email: 'ana@example.org', message: 'x'.repeat(2001) })).toEqual({ message: 'maxLength' });
  });
});
