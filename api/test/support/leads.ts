import { contactInput, SUBMIT_CONTACT_REQUEST } from '@segmentia/testing';
import type { Prisma } from '../../src/generated/prisma/client';
import type { TestApi } from './api';

export { contactInput };

/** Sends a contact request as a visitor would, each from its own address (the per-IP limit is tested apart); returns the lead id. */
export async function submitLead(api: TestApi, overrides: Record<string, unknown> = {}): Promise<string> {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const { body } = await api.graphql<{ submitContactRequest: { id: string } }>(
    SUBMIT_CONTACT_REQUEST,
    { input: contactInput(overrides) },
    { 'x-forwarded-for': address },
  );
  if (!body.data) throw new Error(`submitContactRequest failed: ${JSON.stringify(body.errors)}`);
  return body.data.submitContactRequest.id;
}

/** A lead as stored, for the tests that date it in the past (retention). */
export function leadRow() {
  const { requestId, locale, agencyName, agencyType, agencySize, advertiserCount, contactName, email, position, decisionRole, interest } =
    contactInput();
  return {
    requestId,
    locale,
    agencyName,
    agencyType,
    agencySize,
    advertiserCount,
    contactName,
    email,
    position,
    decisionRole,
    interest,
    termsVersion: '2024-01-01',
    termsAcceptedAt: new Date(),
  } as Prisma.ContactRequestCreateInput;
}
