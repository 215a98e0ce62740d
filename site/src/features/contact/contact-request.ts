import type { ContactRequestInput } from '../api/generated';
import type { SendOutcome } from './use-proved-send';

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

/** The analytics' error_message of an outcome that is not `done`: the fields and their codes, or the failure's code. */
export function errorMessageOf(outcome: Exclude<SendOutcome<unknown>, { kind: 'done' }>): string {
  switch (outcome.kind) {
    case 'fieldErrors':
      return Object.entries(outcome.fields)
        .map(([field, code]) => `${field}:${code}`)
        .join(',');
    case 'noProof':
      return 'PROOF';
    case 'failed':
      return outcome.failure.unknownAudiences?.length ? 'audiences:unknownAudience' : outcome.failure.code;
  }
}
