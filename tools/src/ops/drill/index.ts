/**
 * The drill: the compose stack the checks run (check-stack.ts) put through what production will do to it, one line
 * per drill with its figures. `npm run drill` runs it on a stack of its own; `npm run test:stack` on the stack it
 * shares with the security and images checks. Every loop is bounded in count and time; all traffic stays on this machine.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CheckStack } from '../stack/check-stack';
import { Client, drillInput, proof } from './client';
import { disasterDrill } from './disaster';
import { crashUnderLoad, databaseOutage, rollingRestart, webhookRecovers } from './faults';
import { floodDrill } from './flood';
import { redisOutage, sharedLimits } from './limits';
import { API_ENV, CONCURRENCY, LOAD_EDGE, LOAD_ENV, openEdge, type Result, startWebhook, type Verdict } from './setup';

export type { Result } from './setup';
export { API_ENV as DRILL_API_ENV } from './setup';

/** The drills that send from one address, with the per-visitor limits lifted. */
const LOAD_DRILLS = ['crash under load', 'webhook down, then up', 'rolling restart', 'database outage', 'disaster and restore'];

/** A person a lead could be recognised by, and a staff token: neither may reach a log. */
const PERSON = { contactName: 'Zacarías Quintanilla Drill', email: 'zacarias.quintanilla@drill-trace.example', phone: '+34 611 98 76 54' };

/**
 * Runs the drills (only those whose name holds `only`, when given; the others' setup runs all the same) on a started
 * check stack, which it leaves running with the drill's settings (API_ENV, and the load drills' lifted limits).
 */
export async function runDrill(check: CheckStack, only = ''): Promise<Result[]> {
  const results: Result[] = [];
  const step = async (name: string, drill: () => Promise<Verdict | undefined>) => {
    if (!name.includes(only)) return;
    const verdict = await drill().catch((error: unknown) => ({
      ok: false,
      figures: `stopped: ${error instanceof Error ? error.message : error}`,
    }));
    if (!verdict) return;
    results.push({ name, ...verdict });
    console.log(`${verdict.ok ? 'PASS' : 'FAIL'}  ${name.padEnd(26)} ${verdict.figures}`);
  };

  // Nothing changes when the stack was started with the drill's settings.
  await check.reconfigure({ api: API_ENV });
  const webhook = await startWebhook();
  const edge = await openEdge(check, readFileSync(check.ca, 'utf8'));
  const client = new Client(edge.target, CONCURRENCY, edge.address('load'));
  const bearer = `drill-token-${randomUUID()}`;
  // The logs of containers the drills replace (the replicas and nginx reconfigured, the database destroyed), kept for the last step.
  const replacedLogs: string[] = [];
  const keepLogs = async () => void replacedLogs.push(await check.stack.logs());
  try {
    await step('shared limits via nginx', () => sharedLimits(check, edge));
    await step('Redis outage', () => redisOutage(check, edge));
    await step('personal data in logs', async () => {
      const sender = new Client(edge.target, 1, edge.address('personal'));
      const answer = await sender.graphql('mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }', {
        input: { ...drillInput(randomUUID(), PERSON), altcha: await proof(sender) },
      });
      await sender.graphql('{ leads { totalCount } }', undefined, { authorization: `Bearer ${bearer}` });
      sender.close();
      // Reported at the end, once every log is searched.
      if (answer.code !== 'OK') throw new Error(`the lead was refused: ${answer.code}`);
      return undefined;
    });
    await step('flood', () => floodDrill(check, edge));

    if (LOAD_DRILLS.some((name) => name.includes(only))) {
      await keepLogs();
      // The load comes from one address: the API's and nginx's per-visitor limits would refuse its thousands of requests.
      await check.reconfigure({ api: { ...API_ENV, ...LOAD_ENV }, web: LOAD_EDGE });
      // Sales' webhook down from the load's first lead on, once the replicas that will send are running: the operator's
      // alert counts from their first refused send.
      webhook.state.down = true;
    }
    await step('crash under load', () => crashUnderLoad(check, client));
    await step('webhook down, then up', () => webhookRecovers(check, webhook));
    await step('rolling restart', () => rollingRestart(check, edge, client, webhook));
    await step('database outage', () => databaseOutage(check, edge, client));
    if ('disaster and restore'.includes(only)) await keepLogs();
    await step('disaster and restore', () => disasterDrill(check, client));
    await step('personal data in logs', async () => {
      const logs = [...replacedLogs, await check.stack.logs()].join('\n');
      const found = [...Object.values(PERSON), '+34611987654', '611 98 76 54', bearer].filter((text) => logs.includes(text));
      return {
        ok: found.length === 0,
        figures:
          `${logs.split('\n').length} log lines of every service of the stack searched for a lead's name, email and ` +
          `phone and a staff token: ${found.length ? `found ${found.join(', ')}` : 'none found'}`,
      };
    });
  } finally {
    client.close();
    await edge.close();
    await webhook.close();
  }
  return results;
}
