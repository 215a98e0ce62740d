import { contactInput, SUBMIT_CONTACT_REQUEST } from '@segmentia/testing';
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
