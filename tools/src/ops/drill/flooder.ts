/**
 * One flooding client of the flood drill, in a process of its own (the drill runs it at the lowest CPU priority: a real
 * attacker's requests are made on its own machine, not on the server's). `node flooder.js <FloodOptions as JSON>`
 * sends on that many connections, each as soon as its last answer came but no more than `perSecond` in all, for that
 * long, then prints a summary of the answers as one line of JSON.
 */
import { randomBytes } from 'node:crypto';
import { type Answer, Client, percentile, type Target } from './client';

export interface FloodOptions {
  kind: keyof typeof QUERIES;
  target: Target;
  address: string;
  connections: number;
  seconds: number;
  perSecond: number;
}

export interface FloodSummary {
  kind: string;
  sent: number;
  seconds: number;
  /** Answers by code: OK, TOO_MANY_REQUESTS (the API's or nginx's 429), anything else. */
  codes: Record<string, number>;
  /** How long the refusals took, ms. */
  refused: { p50: number; p99: number };
}

const QUERIES = {
  challenge: () => '{ contactChallenge }',
  // Random letters: every search a new text, so no cache can answer it.
  search: () =>
    `{ searchAudiences(country: "DE", text: "${randomBytes(6)
      .toString('base64url')
      .replace(/[^a-z]/gi, 'x')}", locale: DE) { id } }`,
};

async function main(): Promise<void> {
  const { kind, target, address, connections, seconds, perSecond } = JSON.parse(process.argv[2]!) as FloodOptions;
  const client = new Client(target, connections, address);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const answers: Answer[] = [];
  // Each connection's turn comes every `interval` ms at the soonest: `perSecond` in all.
  const interval = (connections * 1000) / perSecond;
  const connection = async () => {
    for (let turn = 1; performance.now() < deadline; turn++) {
      answers.push(await client.graphql(QUERIES[kind]()));
      const wait = started + turn * interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  client.close();
  const codes: Record<string, number> = {};
  for (const answer of answers) {
    const code = answer.status === 429 ? 'TOO_MANY_REQUESTS' : answer.code;
    codes[code] = (codes[code] ?? 0) + 1;
  }
  const refused = answers.filter((answer) => answer.status === 429 || answer.code === 'TOO_MANY_REQUESTS').map((answer) => answer.ms);
  const summary: FloodSummary = {
    kind,
    sent: answers.length,
    seconds: (performance.now() - started) / 1000,
    codes,
    refused: { p50: percentile(refused, 50), p99: percentile(refused, 99) },
  };
  console.log(JSON.stringify(summary));
}

if (require.main === module) void main();
