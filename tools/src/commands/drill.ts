/**
 * `npm run drill`: the production topology (as `npm run prod` starts it, on
 * ports and a folder of its own) put through what production will do to it,
 * one line per drill with its figures; exits 1 when any drill fails. Every
 * loop is bounded in count and time, and all traffic stays on this machine.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { ConfigError } from '@segmentia/api/config';
import { Client, drillInput, proof } from '../ops/drill/client';
import { crashUnderLoad, databaseOutage, rollingRestart, webhookRecovers } from '../ops/drill/faults';
import { restoreDrill } from '../ops/drill/disaster';
import { floodDrill } from '../ops/drill/flood';
import { redisOutage, sharedLimits } from '../ops/drill/limits';
import { API_ENV, CONCURRENCY, LOAD_EDGE, LOAD_ENV, PORTS, report, results, startWebhook } from '../ops/drill/setup';
import { scratchTopology } from '../ops/production/topology';

async function main(): Promise<void> {
  const webhook = await startWebhook();
  const { topology, discard } = scratchTopology('the drill', PORTS, { ...API_ENV, NOTIFY_WEBHOOK_URL: webhook.url }, { backups: true });
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.log('\nSIGINT: stopping the drill after the current step.');
  });

  console.log(`Drill topology: logs in ${topology.logDir}`);
  await topology.start((line) => console.log(`  ${line}`));
  const started = Date.now();
  const ca = readFileSync(topology.certificates.ca, 'utf8');
  const graphqlUrl = `${topology.siteUrl}/graphql`;
  const client = new Client(graphqlUrl, ca, CONCURRENCY);
  const database = new PgClient({ connectionString: topology.databaseUrl });
  database.on('error', () => undefined);
  const person = {
    contactName: 'Zacarías Quintanilla Drill',
    email: 'zacarias.quintanilla@drill-trace.example',
    phone: '+34 611 98 76 54',
  };
  const bearer = `drill-token-${randomUUID()}`;
  try {
    await database.connect();
    // `npm run drill -- <words>`: only the drills whose name holds them (the others' setup runs all the same).
    const only = process.argv.slice(2).join(' ');
    const step = async (name: string, drill: () => Promise<void>) => {
      if (interrupted || !name.includes(only)) return;
      try {
        await drill();
      } catch (error) {
        report(name, false, `stopped: ${error instanceof Error ? error.message : error}`);
      }
    };

    await step('shared limits via nginx', () => sharedLimits(topology, ca));
    await step('Redis outage', () => redisOutage(topology, ca));
    await step('personal data in logs', async () => {
      // A lead a person could be recognised by, and a staff token: neither may reach a log.
      const sender = new Client(graphqlUrl, ca, 1, '127.0.0.9');
      const answer = await sender.graphql('mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }', {
        input: { ...drillInput(randomUUID(), person), altcha: await proof(sender) },
      });
      await sender.graphql('{ leads { totalCount } }', undefined, { authorization: `Bearer ${bearer}` });
      sender.close();
      if (answer.code !== 'OK') throw new Error(`the lead was refused: ${answer.code}`);
    });

    await step('flood', () => floodDrill(topology, topology.certificates.ca, ca, database));

    // The load drills: the real per-IP limits, the API's and nginx's, would refuse one address's thousands of requests.
    for (const index of PORTS.api.keys()) {
      await topology.stopReplica(index);
      await topology.startReplica(index, LOAD_ENV);
    }
    await topology.restartNginx(LOAD_EDGE);
    // Restarted replicas forget the sends that failed before: the operator's alert counts from their first.
    webhook.state.firstRefusedAt = undefined;
    await step('crash under load', () => crashUnderLoad(topology, client, database));
    await step('webhook down, then up', () => webhookRecovers(topology, webhook, database));
    await step('rolling restart', () => rollingRestart(topology, client, webhook, database));
    await step('database outage', () => databaseOutage(topology, client, database));
    await step('disaster and restore', () => restoreDrill(topology, client));
    await step('personal data in logs', async () => {
      const logs = readdirSync(topology.logDir)
        .map((file) => readFileSync(path.join(topology.logDir, file), 'utf8'))
        .join('\n');
      const found = [...Object.values(person), '+34611987654', '611 98 76 54', bearer].filter((text) => logs.includes(text));
      const lines = logs.split('\n').length;
      report(
        'personal data in logs',
        found.length === 0,
        `${lines} log lines of the API, nginx and Redis searched for a lead's name, email and ` +
          `phone and a staff token: ${found.length ? `found ${found.join(', ')}` : 'none found'}`,
      );
    });
  } finally {
    client.close();
    await database.end().catch(() => undefined);
    await topology.stop();
    await webhook.close();
    discard();
  }
  const failed = results.filter((result) => !result.ok);
  console.log(
    `\n${results.length - failed.length} of ${results.length} drills passed in ` +
      `${Math.round((Date.now() - started) / 1000)} s; logs in ${topology.logDir}`,
  );
  process.exit(failed.length || interrupted ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
