import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { badUserInput, type FieldErrors } from './errors';

/** class-validator's errors as `{ field: [{ code, message }] }`, nested fields dotted. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([code, message]) => ({ code, message }));
    if (own.length) fieldErrors[field] = own;
    Object.assign(fieldErrors, toFieldErrors(error.children ?? [], field));
  }
  return fieldErrors;
}

/** Validates every argument against its class-validator rules; unknown fields are rejected. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => badUserInput(toFieldErrors(errors)),
  });
}
