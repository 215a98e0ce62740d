import type { Challenge } from 'altcha-lib';
import { solvedPayload } from '../../scripts/drill/client';

/** The test APIs' proof of work: one attempt of one PBKDF2 iteration, and no time trap (tested apart). */
export const QUICK_PROOF = { ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '1', CONTACT_MIN_FILL_SECONDS: '0' };

/** Asks the API at `graphqlUrl` for a challenge. */
export async function fetchChallenge(graphqlUrl: string): Promise<Challenge> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ contactChallenge }' }),
  });
  const body = (await response.json()) as { data?: { contactChallenge: Challenge } };
  if (!body.data) throw new Error(`contactChallenge failed: ${JSON.stringify(body)}`);
  return body.data.contactChallenge;
}

/** Solves a challenge as ALTCHA's widget does, and returns the widget's payload (base64 JSON). */
export async function solve(challenge: Challenge): Promise<string> {
  const payload = await solvedPayload(challenge);
  if (!payload) throw new Error('The challenge could not be solved');
  return payload;
}

/** A fresh challenge of that API, solved: what the form sends as `input.altcha`. */
export async function solvedProof(graphqlUrl: string): Promise<string> {
  return solve(await fetchChallenge(graphqlUrl));
}
