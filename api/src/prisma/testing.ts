import type { PrismaService } from './prisma.service';

type Client = Omit<PrismaService, 'pool' | 'onApplicationShutdown'>;
/** The client's models (contactRequest, staffAction…): its keys without a leading $. */
type Model = Exclude<keyof Client, `$${string}` | symbol>;
type StandIn = (...args: never[]) => unknown;

/**
 * What a unit spec gives in place of the database: some models with some of their methods, and raw queries; each a
 * stand-in of the spec's making (jest.fn). The names are checked against the client's, so a renamed model or method
 * fails to compile instead of leaving a spec that stubs nothing.
 */
export type PrismaStub = { [M in Model]?: { [Method in keyof Client[M]]?: StandIn } } & {
  $queryRaw?: StandIn;
  $executeRaw?: StandIn;
  $transaction?: StandIn;
};

/**
 * `stub` as the service's PrismaService. Unless the stub has its own, `$transaction(work)` runs `work` on `tx` (the stub
 * itself when not given), and `$transaction([queries])` awaits them in order.
 */
export function stubPrisma(stub: PrismaStub, tx: PrismaStub = stub): PrismaService {
  const $transaction = async (work: ((client: PrismaStub) => Promise<unknown>) | Promise<unknown>[]) =>
    Array.isArray(work) ? Promise.all(work) : work(tx);
  return { $transaction, ...stub } as unknown as PrismaService;
}
