/**
 * The drill's visitors: GraphQL over HTTPS through nginx, with keep-alive connections, from a chosen local address (one
 * the drill added to the edge network's bridge), and loops of requests bounded in count and in time.
 */
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { contactInput, solvedPayload } from '@segmentia/testing';
import type { Challenge } from 'altcha-lib';

export interface Answer {
  /** HTTP status; 0 when the connection failed. */
  status: number;
  /** 'OK', the first GraphQL error code, NETWORK, or HTTP_<status> when the body was not GraphQL (an nginx error page). */
  code: string;
  ms: number;
  data?: Record<string, { id?: string } | null>;
}

/** Where the visitors send: nginx's /graphql at its address, its certificate checked for the site's host name. */
export interface Target {
  url: string;
  ca: string;
  servername: string;
}

export class Client {
  private readonly agent: https.Agent;
  private readonly url: string;

  constructor({ url, ca, servername }: Target, sockets: number, localAddress: string) {
    this.url = url;
    this.agent = new https.Agent({ keepAlive: true, maxSockets: sockets, ca, servername, localAddress });
  }

  graphql(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
    const started = performance.now();
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve) => {
      const done = (status: number, code: string, data?: Answer['data']) =>
        resolve({ status, code, ms: performance.now() - started, data });
      const request = https.request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
          timeout: 30_000,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', () => done(0, 'NETWORK'));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            try {
              const parsed = JSON.parse(text) as { data?: Answer['data']; errors?: { extensions?: { code?: string } }[] };
              done(status, parsed.errors?.[0]?.extensions?.code ?? (status === 200 ? 'OK' : `HTTP_${status}`), parsed.data ?? undefined);
            } catch {
              done(status, `HTTP_${status}`);
            }
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => done(0, 'NETWORK'));
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const SUBMIT = 'mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }';
const EXPLORE = 'query Explore($country: String!) { audiences(country: $country, topic: "automotive", locale: EN) { id audienceSize } }';
export const COUNTRIES = ['ES', 'DE', 'FR', 'IT', 'PT', 'GB', 'NL', 'PL'];

/** A valid contact request of the drill (the kit's, in English), each from an agency of its own; `person` replaces the contact's fields. */
export const drillInput = (requestId: string = randomUUID(), person: Record<string, string> = {}) =>
  contactInput({ requestId, locale: 'EN', agencyName: 'Drill Media', contactName: 'Drill Contact', pagePath: '/en/', ...person });

/**
 * A visitor's proof of work, as the form's widget makes it: a challenge from
 * the API, solved here; undefined when the API gave none (it is down), and the
 * request then goes without, as a broken form's would.
 */
export async function proof(client: Client, headers?: Record<string, string>): Promise<string | undefined> {
  const answer = await client.graphql('{ contactChallenge }', undefined, headers);
  const challenge = answer.data?.contactChallenge as Challenge | undefined;
  return challenge && solvedPayload(challenge);
}

/**
 * A contact request with its proof: the one given, else one made now (a challenge from the API, then the request: two
 * round trips). Without a challenge the form sends nothing: that attempt's answer is the challenge's failure.
 */
export async function submit(client: Client, requestId: string, headers?: Record<string, string>, altcha?: string): Promise<Answer> {
  if (altcha === undefined) {
    const challenge = await client.graphql('{ contactChallenge }', undefined, headers);
    if (!challenge.data?.contactChallenge) return challenge;
    altcha = await solvedPayload(challenge.data.contactChallenge as unknown as Challenge);
  }
  return client.graphql(SUBMIT, { input: { ...drillInput(requestId), altcha } }, headers);
}
export const explore = (client: Client, index: number) => client.graphql(EXPLORE, { country: COUNTRIES[index % COUNTRIES.length] });

export interface LoadResult {
  answers: (Answer & { at: number; kind: 'submit' | 'explore'; requestId?: string; attempts: number; firstCode: string })[];
  seconds: number;
}

export interface LoadOptions {
  /** Requests in all (at most). */
  count: number;
  concurrency: number;
  /** Stop sending after this long, whatever the count. */
  maxSeconds: number;
  /** Share of contact requests; the rest are explorer queries. */
  submitShare: number;
  /** Send a failed contact request again with the same requestId (network error, 5xx, SERVICE_UNAVAILABLE), at most this many times. */
  retries: number;
  /** Stop early once this says so (checked between requests). */
  until?: () => boolean;
  /** Called after each answer, with how many have been answered. */
  onAnswer?: (answered: number) => void;
}

const retryable = (answer: Answer) =>
  answer.status === 0 || answer.status >= 500 || answer.code === 'SERVICE_UNAVAILABLE' || answer.code.startsWith('HTTP_');

/** Runs `count` requests from `concurrency` visitors at once, bounded in time. */
export async function load(client: Client, options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  const answers: LoadResult['answers'] = [];
  let issued = 0;
  const visitor = async () => {
    while (issued < options.count && performance.now() < deadline && !options.until?.()) {
      const index = issued++;
      const isSubmit = (index * 7919) % 100 < options.submitShare * 100;
      const requestId = isSubmit ? randomUUID() : undefined;
      let attempts = 0;
      let answer: Answer;
      let firstCode = '';
      do {
        // Backing off up to 2 s a try: when one replica dies, nginx may take both out for its fail_timeout (2 s) after an
        // error on the other's kept-alive connection (seen: 3 s of 502s); a client that stops retrying sooner loses the lead.
        if (attempts) await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** (attempts - 1), 2000)));
        attempts++;
        answer = isSubmit ? await submit(client, requestId!) : await explore(client, index);
        firstCode ||= answer.code;
      } while (isSubmit && retryable(answer) && attempts <= options.retries && performance.now() < deadline);
      answers.push({ ...answer, at: performance.now() - started, kind: isSubmit ? 'submit' : 'explore', requestId, attempts, firstCode });
      options.onAnswer?.(answers.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, visitor));
  return { answers, seconds: (performance.now() - started) / 1000 };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** "12 SERVICE_UNAVAILABLE, 3 NETWORK" */
export function tally(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
}
