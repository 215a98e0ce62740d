import { ADVERTISING_ID, ASCII_EMAIL, isZeroAdvertisingId, OBJECTION_LIMITS } from '@segmentia/contracts/privacy';

/** The code of what is wrong with an advertising ID as typed (the API's codes), or null. */
export function advertisingIdError(value: string): string | null {
  const id = value.trim();
  if (!id) return 'required';
  if (!ADVERTISING_ID.test(id)) return 'isAdvertisingId';
  return isZeroAdvertisingId(id) ? 'notZeroId' : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a written objection as typed (the API's codes), field by field. */
export function objectionErrors({ email, message }: { email: string; message: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!email.trim()) errors.email = 'required';
  else if (!EMAIL.test(email.trim()) || email.trim().length > OBJECTION_LIMITS.email.max) errors.email = 'isEmail';
  else if (!ASCII_EMAIL.test(email.trim())) errors.email = 'isAsciiEmail';
  const length = message.trim().length;
  if (!length) errors.message = 'required';
  else if (length < OBJECTION_LIMITS.message.min) errors.message = 'minLength';
  else if (length > OBJECTION_LIMITS.message.max) errors.message = 'maxLength';
  return errors;
}
