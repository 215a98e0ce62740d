import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { dataOf, postGraphql } from './graphql';

/** A test API's proof of work: about 16 attempts of one PBKDF2 iteration each, and no time trap (tested apart). */
export const QUICK_PROOF = { ALTCHA_COST: '1', ALTCHA_DIFFICULTY: '1', CONTACT_MIN_FILL_SECONDS: '0' };

/** Asks the API at `graphqlUrl` for a challenge. */
export async function fetchChallenge(graphqlUrl: string, headers?: Record<string, string>): Promise<Challenge> {
  return dataOf(
    await postGraphql<{ contactChallenge: Challenge }>(graphqlUrl, '{ contactChallenge }', undefined, headers),
    'contactChallenge',
  ).contactChallenge;
}

/** Solves a challenge as ALTCHA's widget does: its payload (base64 JSON), or undefined when it has no solution. */
export async function solvedPayload(challenge: Challenge): Promise<string | undefined> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return solution ? Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') : undefined;
}

/** Solves a challenge that has a solution (a test's): the widget's payload. */
export async function solve(challenge: Challenge): Promise<string> {
  const payload = await solvedPayload(challenge);
  if (!payload) throw new Error('The challenge could not be solved');
  return payload;
}

/** A fresh challenge of the API at `graphqlUrl`, solved: what the form sends as `input.altcha`. */
export const solvedProof = async (graphqlUrl: string): Promise<string> => solve(await fetchChallenge(graphqlUrl));
