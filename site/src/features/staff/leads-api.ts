/**
 * The staff page's API client: one POST per call, with the signed-in
 * account's Firebase ID token. Plain fetch, not Apollo Client: the page keeps
 * no cache (several people work the same leads), so it needs none of it.
 * Imported lazily, once someone has signed in.
 */
import type { GraphQLFormattedError } from 'graphql';
import { API_URL } from '../../config/site';
import { type ApiFailure, failureOf } from '../api/failure';
import {
  type CsvSeparator,
  EraseLeadDocument,
  LeadDocument,
  LeadInsightsDocument,
  type LeadsFilter,
  LeadsCsvDocument,
  LeadsDocument,
  type LeadOrder,
  type LeadStatus,
  type TypedDocumentString,
  UpdateLeadStatusDocument,
  PrivacyCenterDocument,
  AnswerAudienceObjectionDocument,
} from './generated';
import { apiProblem, firebaseCode, type Problem, tokenProblem } from './problems';
import { idToken } from './session';

export const PAGE_SIZE = 25;

/** The API answered with errors (or with no data at all). */
class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`The API answered ${failure.code}`);
  }
}

async function send<Result, Variables>(operation: TypedDocumentString<Result, Variables>, variables: Variables): Promise<Result> {
  const response = await fetch(API_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken()}` },
    body: JSON.stringify({ query: operation.toString(), variables }),
  });
  // A proxy's error page is no GraphQL answer: an error without a code.
  const body = (await response.json().catch(() => ({}))) as { data?: Result | null; errors?: GraphQLFormattedError[] };
  if (body.errors?.length || !body.data) throw new ApiError(failureOf(body.errors ?? []));
  return body.data;
}

export async function fetchLeads(filter: LeadsFilter, orderBy: LeadOrder, after: string | null) {
  return (await send(LeadsDocument, { filter, orderBy, first: PAGE_SIZE, after })).leads;
}

export async function fetchLead(id: string) {
  return (await send(LeadDocument, { id })).lead;
}

export async function fetchLeadInsights(filter: LeadsFilter) {
  return (await send(LeadInsightsDocument, { filter })).leadInsights;
}

export async function fetchLeadsCsv(filter: LeadsFilter, separator: CsvSeparator) {
  return (await send(LeadsCsvDocument, { filter, separator })).leadsCsv;
}

export async function updateLeadStatus(id: string, status: LeadStatus) {
  return (await send(UpdateLeadStatusDocument, { id, status })).updateLeadStatus;
}

export async function eraseLead(id: string) {
  return (await send(EraseLeadDocument, { id })).eraseLead;
}

/** The privacy centre's figures and written objections, open first. */
export async function fetchPrivacyCenter() {
  return send(PrivacyCenterDocument, {});
}

export async function answerAudienceObjection(id: string) {
  return (await send(AnswerAudienceObjectionDocument, { id })).answerAudienceObjection;
}

/** What a failed call means for the page: the API's answer, Firebase's when no ID token could be had, or no connection. */
export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) return apiProblem(error.failure);
  const code = firebaseCode(error);
  return code ? tokenProblem(code) : 'network';
}
