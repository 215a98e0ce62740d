/**
 * The public pages' API client. Only lazily loaded code imports it (the explorer's
 * answers, the forms' `import('./client')`), so Apollo Client is in no page's initial JavaScript.
 */
import {
  ApolloClient,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  type OperationVariables,
  type TypedDocumentNode,
} from '@apollo/client';
import { API_URL } from '../../config/site';
import { type ApiFailure, failureOf } from './failure';
import {
  CountryAudiencesDocument,
  type CountryAudiencesQueryVariables,
  CheckEmailDocument,
  EraseMyRequestDataDocument,
  type Locale,
  MyRequestDataDocument,
  type RequestMyDataLinkInput,
  RequestMyDataLinkDocument,
  ContactChallengeDocument,
  type ConsentRecordInput,
  type ContactRequestInput,
  RecordConsentDocument,
  SubmitContactRequestDocument,
  type ObjectionInput,
  ObjectToAudiencesDocument,
  type OptOutInput,
  OptOutOfAudiencesDocument,
} from './generated';

export const client = new ApolloClient({
  // The header makes every request preflighted, as the API's CSRF prevention asks of a GET.
  link: new HttpLink({ uri: API_URL, headers: { 'apollo-require-preflight': 'true' } }),
  cache: new InMemoryCache(),
  defaultOptions: { query: { fetchPolicy: 'cache-first' } },
  // Apollo Client's name and version in every GET's URL: read by no one here, and they change the URLs caches key on.
  enhancedClientAwareness: { transport: false },
});

/**
 * A question's answer, from Apollo's cache when it has it. The explorer's go as GET: their answers are public and
 * cacheable by the browser, nginx and a CDN. One that carries what the visitor typed into the form goes as POST, so
 * it stays out of URLs and of the access logs that keep them.
 */
async function ask<Data, Variables extends OperationVariables>(
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  method: 'GET' | 'POST' = 'GET',
): Promise<Data> {
  const { data } = await client.query({ query, variables, context: { fetchOptions: { method } } });
  return data!;
}

export async function submitContactRequest(input: ContactRequestInput) {
  const { data } = await client.mutate({ mutation: SubmitContactRequestDocument, variables: { input } });
  return data!.submitContactRequest;
}

/** Every audience of a country, topic by topic. */
export const fetchCountryAudiences = async (variables: CountryAudiencesQueryVariables) =>
  (await ask(CountryAudiencesDocument, variables)).countryAudiences;

/** What the API says of an address: free mail, disposable, a likely typo. */
export const checkEmail = async (email: string) => (await ask(CheckEmailDocument, { email }, 'POST')).checkEmail;

/** A fresh proof-of-work challenge for the contact form (ALTCHA's JSON): never from a cache, each serves one request. */
export async function fetchContactChallenge(): Promise<Record<string, unknown>> {
  const { data } = await client.query({
    query: ContactChallengeDocument,
    fetchPolicy: 'no-cache',
    context: { fetchOptions: { method: 'GET' } },
  });
  return data!.contactChallenge;
}

export async function recordConsent(input: ConsentRecordInput) {
  await client.mutate({ mutation: RecordConsentDocument, variables: { input } });
}

/** The privacy centre: keeps a device's advertising ID out of the audiences; the receipt of its first opt-out. */
export async function optOutOfAudiences(input: OptOutInput) {
  const { data } = await client.mutate({ mutation: OptOutOfAudiencesDocument, variables: { input } });
  return data!.optOutOfAudiences;
}

/** The privacy centre: a web browser's written objection to the audiences. */
export async function objectToAudiences(input: ObjectionInput) {
  const { data } = await client.mutate({ mutation: ObjectToAudiencesDocument, variables: { input } });
  return data!.objectToAudiences;
}

/** The privacy centre: asks for the link to one's request data; the answer is the same whether or not the address has one. */
export async function requestMyDataLink(input: RequestMyDataLinkInput) {
  const { data } = await client.mutate({ mutation: RequestMyDataLinkDocument, variables: { input } });
  return data!.requestMyDataLink;
}

/** The privacy centre: what the link opens, never from a cache (the token goes by POST, in no URL). */
export async function fetchMyRequestData(token: string, locale: Locale) {
  const { data } = await client.query({
    query: MyRequestDataDocument,
    variables: { token, locale },
    fetchPolicy: 'no-cache',
    context: { fetchOptions: { method: 'POST' } },
  });
  return data!.myRequestData;
}

/** The privacy centre: erases every request and written objection of the link's address. */
export async function eraseMyRequestData(token: string) {
  const { data } = await client.mutate({ mutation: EraseMyRequestDataDocument, variables: { token } });
  return data!.eraseMyRequestData;
}

/** What went wrong, in the terms of the API's error contract. */
export function describeFailure(error: unknown): ApiFailure {
  return CombinedGraphQLErrors.is(error) ? failureOf(error.errors) : { code: 'NETWORK', fieldErrors: {} };
}
