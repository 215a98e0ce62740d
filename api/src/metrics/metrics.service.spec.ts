import type { PrismaService } from '../prisma/prisma.service';
import { Metrics } from './metrics.service';

/** No database: the gauges that read it stay unset. */
const prisma = { pool: { totalCount: 0, idleCount: 0, waitingCount: 0 }, $queryRaw: async () => [] } as unknown as PrismaService;

describe('Metrics operation labels', () => {
  it('keep the site’s and staff’s operations their own series after 60 client-chosen names', async () => {
    const metrics = new Metrics(prisma);
    for (let junk = 0; junk < 60; junk++) metrics.observe(metrics.operation(`Junk${junk}`), 'ok', 0.01);
    for (const name of ['RequestMyDataLink', 'LeadsCsv', 'Junk60']) metrics.observe(metrics.operation(name), 'ok', 0.01);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^segmentia_graphql_requests_total\{operation="RequestMyDataLink",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^segmentia_graphql_requests_total\{operation="LeadsCsv",outcome="ok"\} 1$/m);
    // The names clients make up are still bounded: past the limit they count as "other".
    expect(text).not.toMatch(/operation="Junk5\d"/);
    expect(text).toMatch(/^segmentia_graphql_requests_total\{operation="other",outcome="ok"\} \d+$/m);
  });
});
