/** A GraphQL answer over HTTP, as a test reads it. */
export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    data?: T | null;
    errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> & { code?: string } }[];
  };
}

/** POSTs one operation to a GraphQL endpoint (`url` ends in /graphql) and reads the answer. */
export async function postGraphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphQLResponse<T>['body'] };
}

/** The data of an answer, or an error that quotes the API's refusal. */
export function dataOf<T>(answer: GraphQLResponse<T>, what = 'The API'): T {
  if (!answer.body.data) throw new Error(`${what} refused: ${JSON.stringify(answer.body.errors ?? answer.status)}`);
  return answer.body.data;
}
