import { loadConfig } from '../common/config/app-config';
import type { Metrics } from '../metrics/metrics.service';
import type { PrismaService } from '../prisma/prisma.service';
import { RetentionService } from './retention.service';

const cutoff = (months: number, now: string) =>
  new RetentionService(
    {} as PrismaService,
    loadConfig({ DATABASE_URL: 'postgresql://unused', LEAD_RETENTION_MONTHS: String(months) }),
    {} as Metrics,
  )
    .cutoff(new Date(now))
    .toISOString();

describe('RetentionService.cutoff', () => {
  it.each([
    [24, '2026-11-22T04:00:00.000Z', '2024-11-22T04:00:00.000Z'],
    [24, '2028-02-29T10:30:00.000Z', '2026-02-28T10:30:00.000Z'],
    [1, '2026-03-31T23:59:59.000Z', '2026-02-28T23:59:59.000Z'],
    [18, '2027-01-15T00:00:00.000Z', '2025-07-15T00:00:00.000Z'],
  ])('keeps %i months: on %s, erases what came before %s', (months, now, expected) => {
    expect(cutoff(months, now)).toBe(expected);
  });
});

describe('RetentionService at start', () => {
  it('lets the API listen only after its first run has finished (a restored database serves nothing expired)', async () => {
    const metrics = { retentionRuns: { inc: jest.fn() }, retentionErased: { inc: jest.fn() } } as unknown as Metrics;
    const service = new RetentionService({} as PrismaService, loadConfig({ DATABASE_URL: 'postgresql://unused' }), metrics);
    let finish!: () => void;
    jest.spyOn(service, 'runOnce').mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    let started = false;
    const bootstrap = service.onApplicationBootstrap().then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(false);
    finish();
    await bootstrap;
    expect(started).toBe(true);
    expect(metrics.retentionRuns.inc).toHaveBeenCalledWith({ result: 'ok' });
    await service.onModuleDestroy();
  });
});
