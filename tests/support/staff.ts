/**
 * For the staff page's tests: leads stored through the API's public
 * mutation, staff calls to the API with an emulator account's token, and
 * signing in on the page through the Firebase Auth emulator.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { contactInput, fetchChallenge, solve, until } from '@segmentia/testing';
import type { LeadStatus } from '@segmentia/contracts/leads';
import { accountToken, createAccount, expiredTokens, GOOGLE_HOSTS, type TestAccount } from './firebase-auth';
import { openPage } from './fixtures';
import { API_URL } from '@segmentia/tools/test-stack';

/** A sales account. */
export const ANA: TestAccount = { email: 'ana@segmentia.es', password: 'ventas-2026', staff: true };

/** A word no other test's leads contain: search for it to see only this test's leads. */
export const uniqueMark = () => `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function graphql<T>(request: APIRequestContext, query: string, variables: object, token?: string): Promise<T> {
  const response = await request.post(API_URL, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`The API refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Stores leads (the API tests' contact form with these fields changed) one after the other, so the last is the newest; returns their ids.
 */
export async function createLeads(request: APIRequestContext, leads: Record<string, unknown>[]): Promise<string[]> {
  // Each with a solved proof of work, sent once its time trap (CONTACT_MIN_FILL_SECONDS, 1 s in the test stack) is past.
  const challenges = await Promise.all(leads.map(() => fetchChallenge(API_URL)));
  const proofs = await Promise.all(challenges.map(solve));
  const notBefore = Math.max(...challenges.map((challenge) => Number(challenge.parameters.data?.notBefore)));
  await until('the time trap of the proofs is past', () => Date.now() >= notBefore, { intervalMs: 20 });
  const ids: string[] = [];
  for (const [index, lead] of leads.entries()) {
    const mutation = 'mutation ($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }';
    const input = { ...contactInput(lead), altcha: proofs[index] };
    ids.push((await graphql<{ submitContactRequest: { id: string } }>(request, mutation, { input })).submitContactRequest.id);
  }
  return ids;
}

/** Moves a lead on as a sales account would, through the API. */
export async function setLeadStatus(request: APIRequestContext, id: string, status: LeadStatus, account: TestAccount = ANA): Promise<void> {
  await graphql(
    request,
    'mutation ($id: ID!, $status: LeadStatus!) { updateLeadStatus(id: $id, status: $status) { id } }',
    { id, status },
    await accountToken(account),
  );
}

/**
 * Makes the account in the Firebase Auth emulator, opens the staff page
 * (Spanish unless `path` says otherwise) and signs in with its email and
 * `password` (its own unless given). Returns the page's requests to Google's
 * hosts from then on, which signing in through the emulator never makes.
 */
export async function signIn(
  page: Page,
  {
    path = '/staff/',
    account = ANA,
    password = account.password,
    labels = SPANISH,
  }: { path?: string; account?: TestAccount; password?: string; labels?: SignInLabels } = {},
): Promise<{ googleRequests: string[] }> {
  await createAccount(account);
  if (account.expiredTokens) await expiredTokens(page);
  const googleRequests: string[] = [];
  page.on('request', (request) => {
    if (GOOGLE_HOSTS.test(request.url())) googleRequests.push(request.url());
  });
  await openPage(page, path);
  await page.getByLabel(labels.email, { exact: true }).fill(account.email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  return { googleRequests };
}

interface SignInLabels {
  email: string;
  password: string;
  submit: string;
}

const SPANISH: SignInLabels = { email: 'Correo', password: 'Contraseña', submit: 'Iniciar sesión' };
export const GERMAN: SignInLabels = { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' };
