import type { ApiFailure } from '../api/failure';
import type { ContactRequestInput } from '../api/generated';

/** What the visitor fills in. */
export type ContactFormValues = Omit<ContactRequestInput, 'requestId' | 'locale' | 'pagePath' | 'altcha' | 'audiences'>;

/** The request the form sends: its values (empty optional fields as null), its id, language, page, proof, audiences and attribution. */
export function contactRequestOf(
  values: ContactFormValues,
  context: {
    requestId: string;
    locale: ContactRequestInput['locale'];
    pagePath: string;
    altcha: string;
    selection: readonly { country: string; audience: string }[];
    attribution: Partial<ContactRequestInput>;
  },
): ContactRequestInput {
  return {
    ...values,
    phone: values.phone || null,
    message: values.message || null,
    website: values.website || null,
    requestId: context.requestId,
    locale: context.locale,
    acceptTerms: values.acceptTerms,
    pagePath: context.pagePath,
    altcha: context.altcha,
    audiences: context.selection.length ? context.selection.map(({ country, audience }) => ({ country, audience })) : undefined,
    ...context.attribution,
  };
}

/** The API's field codes of a refused proof of work: the form makes another, once. */
const PROOF_REFUSALS = ['altchaMissing', 'altchaInvalid', 'altchaExpired', 'altchaReused'];

/** What became of a request, as the form shows it. */
export type SubmitOutcome =
  | { kind: 'sent' }
  /** The proof of work was refused (expired, used): make another and send again. */
  | { kind: 'proofRefused' }
  /** Audiences of the explorer the catalogue no longer has. */
  | { kind: 'unknownAudiences' }
  /** The API refused fields of this form: each with its first error, in the API's order. */
  | { kind: 'fieldErrors'; fields: [field: string, error: { code?: string; message?: string }][] }
  /** Anything else: the API's error code, or NETWORK. */
  | { kind: 'failed'; code: string };

/** The part of the API client a request needs (site/src/features/api/client.ts). */
export interface ContactApi {
  submitContactRequest(input: ContactRequestInput): Promise<unknown>;
  describeFailure(error: unknown): ApiFailure;
}

/**
 * Sends one request and reads the API's answer. Field errors count only for
 * the form's own `fields` (the API could name others, e.g. requestId: those
 * are a general failure).
 */
export async function submitContact(api: ContactApi, input: ContactRequestInput, fields: readonly string[]): Promise<SubmitOutcome> {
  try {
    await api.submitContactRequest(input);
    return { kind: 'sent' };
  } catch (error) {
    const failure = api.describeFailure(error);
    if (failure.fieldErrors.altcha?.some((refusal) => PROOF_REFUSALS.includes(refusal.code))) return { kind: 'proofRefused' };
    if (failure.fieldErrors.audiences?.some((refusal) => refusal.code === 'unknownAudience')) return { kind: 'unknownAudiences' };
    const refused = Object.entries(failure.fieldErrors).filter(([field]) => fields.includes(field));
    if (!refused.length) return { kind: 'failed', code: failure.code };
    return { kind: 'fieldErrors', fields: refused.map(([field, [first]]) => [field, { code: first?.code, message: first?.message }]) };
  }
}

/** The analytics' error_message of an outcome that is not `sent`: the fields and their codes, or the failure's code. */
export function errorMessageOf(outcome: Exclude<SubmitOutcome, { kind: 'sent' }>): string {
  switch (outcome.kind) {
    case 'fieldErrors':
      return outcome.fields.map(([field, error]) => `${field}:${error.code}`).join(',');
    case 'unknownAudiences':
      return 'audiences:unknownAudience';
    case 'proofRefused':
      return 'PROOF';
    case 'failed':
      return outcome.code;
  }
}
