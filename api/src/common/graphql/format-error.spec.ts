import { variableFieldErrors } from './format-error';

describe('variableFieldErrors', () => {
  it('names the field of an option that is not in the list', () => {
    expect(
      variableFieldErrors(
        'Variable "$input" got invalid value "FROM_5M_TO_25M" at "input.agencySize"; ' +
          'Value "FROM_5M_TO_25M" does not exist in "AgencySize" enum.',
      ),
    ).toEqual({ agencySize: [{ code: 'isEnum', message: expect.stringContaining('agencySize: Value "FROM_5M_TO_25M"') }] });
  });

  it('names a missing required field', () => {
    expect(
      variableFieldErrors(
        'Variable "$input" got invalid value { locale: "ES" }; Field "email" of required type "String!" was not provided.',
      ),
    ).toEqual({ email: [{ code: 'isDefined', message: expect.stringContaining('email') }] });
  });

  it('names a field of the wrong type, and a field the input does not have', () => {
    expect(
      variableFieldErrors('Variable "$input" got invalid value 7 at "input.agencyName"; String cannot represent a non string value: 7'),
    ).toEqual({
      agencyName: [{ code: 'type', message: expect.any(String) }],
    });
    expect(
      variableFieldErrors('Variable "$input" got invalid value { x: 1 }; Field "x" is not defined by type "ContactRequestInput".'),
    ).toEqual({ x: [{ code: 'whitelistValidation', message: expect.any(String) }] });
  });

  it('names a top-level variable, and leaves other messages alone', () => {
    expect(variableFieldErrors('Variable "$country" got invalid value 34; String cannot represent a non string value: 34')).toEqual({
      country: [{ code: 'type', message: expect.any(String) }],
    });
    expect(variableFieldErrors('Invalid input: email')).toBeUndefined();
  });
});
