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
