/**
 * One flooding client of the flood drill, in a process of its own (the drill runs it at the lowest CPU priority: a real
 * attacker's requests are made on its own machine, not on the server's). `node flooder.js <challenge|search> <url>
 * <ca file> <local address> <connections> <seconds> <per second>` sends on that many connections, each as soon as
 * its last answer came but no more than `per second` in all, for that long, then prints a summary of the answers as
 * one line of JSON.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Answer, Client, percentile } from './client';

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
  const [kind, url, caFile, address, connections, seconds, perSecond] = process.argv.slice(2) as [
    keyof typeof QUERIES,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const client = new Client(url, readFileSync(caFile, 'utf8'), Number(connections), address);
  const started = performance.now();
  const deadline = started + Number(seconds) * 1000;
  const answers: Answer[] = [];
  // Each connection's turn comes every `interval` ms at the soonest: `perSecond` in all.
  const interval = (Number(connections) * 1000) / Number(perSecond);
  const connection = async () => {
    for (let turn = 1; performance.now() < deadline; turn++) {
      answers.push(await client.graphql(QUERIES[kind]()));
      const wait = started + turn * interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all(Array.from({ length: Number(connections) }, connection));
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
