import { ValidationError } from 'class-validator';
import { toFieldErrors } from './validation';

function error(property: string, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, children });
}

describe('toFieldErrors', () => {
  it('maps each field to its rejected rules, code and message', () => {
    expect(
      toFieldErrors([
        error('email', { isEmail: 'email must be an email', maxLength: 'email is too long' }),
        error('agencyName', { minLength: 'agencyName is too short' }),
      ]),
    ).toEqual({
      email: [
        { code: 'isEmail', message: 'email must be an email' },
        { code: 'maxLength', message: 'email is too long' },
      ],
      agencyName: [{ code: 'minLength', message: 'agencyName is too short' }],
    });
  });

  it('names nested fields with dots', () => {
    expect(toFieldErrors([error('input', undefined, [error('email', { isEmail: 'bad' })])])).toEqual({
      'input.email': [{ code: 'isEmail', message: 'bad' }],
    });
  });
});
